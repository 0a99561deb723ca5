import { useState } from 'react';

interface ActionState {
  pending: boolean;
  /** The rejection's message, to show next to the control that started the action. */
  error: string | null;
}

type Outcome<Result> = { ok: true; value: Result } | { ok: false };

/** Runs an API action and keeps whether it is running and why it last failed. */
export function useAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
): ActionState & { run: (...args: Args) => Promise<Outcome<Result>> } {
  const [state, setState] = useState<ActionState>({ pending: false, error: null });
  const run = async (...args: Args): Promise<Outcome<Result>> => {
    setState({ pending: true, error: null });
    try {
      const value = await action(...args);
      setState({ pending: false, error: null });
      return { ok: true, value };
    } catch (error) {
      setState({ pending: false, error: error instanceof Error ? error.message : String(error) });
      return { ok: false };
    }
  };
  return { ...state, run };
}
