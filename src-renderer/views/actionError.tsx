import { useTranslation } from 'react-i18next';

/** A failed action's message, in words, beside the control that started it. */
export function ActionError({ error }: { error: string | null }) {
  const { t } = useTranslation();
  if (error === null) return null;
  return (
    <p className="action-error" role="alert">
      {t('app.actionFailed', { message: error })}
    </p>
  );
}
