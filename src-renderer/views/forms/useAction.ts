import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureShown, type FailureShown } from '../../../src-shared/refusal';
import { failureSentence } from './failureSentence';

interface ActionState {
  pending: boolean;
  /** Why it last failed, kept as received so it is worded in the window's current language. */
  failure: FailureShown | null;
}

type Outcome<Result> = { ok: true; value: Result } | { ok: false };

/**
 * Runs an API action and keeps whether it is running and why it last failed (`error`, in words,
 * to show next to the control that started the action); `forget` drops a failure that no longer
 * holds.
 */
export function useAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
): {
  pending: boolean;
  error: string | null;
  run: (...args: Args) => Promise<Outcome<Result>>;
  forget: () => void;
} {
  const { t } = useTranslation();
  const [state, setState] = useState<ActionState>({ pending: false, failure: null });
  const run = async (...args: Args): Promise<Outcome<Result>> => {
    setState({ pending: true, failure: null });
    try {
      const value = await action(...args);
      setState({ pending: false, failure: null });
      return { ok: true, value };
    } catch (error) {
      setState({ pending: false, failure: failureShown(error) });
      return { ok: false };
    }
  };
  const forget = useCallback(
    () => setState((last) => (last.failure === null ? last : { ...last, failure: null })),
    [],
  );
  const error = state.failure === null ? null : failureSentence(t, state.failure);
  return { pending: state.pending, error, run, forget };
}
