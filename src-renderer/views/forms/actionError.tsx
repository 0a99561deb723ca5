import { useTranslation } from 'react-i18next';
import { useInViewWhenShown } from './inView';

/**
 * A failed action's message, in words, beside the control that started it, announced and
 * brought into view when it appears. `takeFocus`, for a form's failure just above its buttons: shown
 * with them, and it takes the focus. `id` lets a field the failure is about name it in its
 * aria-describedby.
 */
export function ActionError({
  error,
  id,
  takeFocus = false,
}: {
  error: string | null;
  id?: string;
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useInViewWhenShown<HTMLParagraphElement>(error !== null, {
    focus: takeFocus,
    answer: takeFocus,
  });
  if (error === null) return null;
  return (
    <p
      ref={ref}
      id={id}
      className="action-error"
      role="alert"
      tabIndex={takeFocus ? -1 : undefined}
    >
      {t('app.actionFailed', { message: error })}
    </p>
  );
}
