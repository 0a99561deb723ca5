import { useTranslation } from 'react-i18next';

/**
 * A failed action's message, in words, beside the control that started it; `id` lets a field
 * the failure is about name it in its aria-describedby.
 */
export function ActionError({ error, id }: { error: string | null; id?: string }) {
  const { t } = useTranslation();
  if (error === null) return null;
  return (
    <p id={id} className="action-error" role="alert">
      {t('app.actionFailed', { message: error })}
    </p>
  );
}
