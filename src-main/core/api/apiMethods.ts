/**
 * The action table as methods: what runs the actions (the core, or a fake of it), the one API a
 * renderer holds, and the hosts' dispatch, each action's input checked against its schema first.
 */
import type {
  ActionInput,
  ActionResult,
  ActionSpec,
  ApiAction,
  ClassTrayChange,
  ClassTrayState,
} from './classTrayApi';
import { api } from './classTrayApi';
import { parseInput } from './apiInput';
import type { z } from 'zod';

/** The table again, typed by name, so runAction can parse and call one action of any name. */
const table: {
  readonly [Name in ApiAction]: ActionSpec<z.ZodType<ActionInput<Name>>, ActionResult<Name>>;
} = api;

/** What runs the actions: the core itself, or a fake of it. */
export type ActionHandlers = {
  [Name in ApiAction]: (input: ActionInput<Name>) => Promise<ActionResult<Name>>;
};

/** The same, as callers see them: an action without input may be called with none. */
type ActionMethods = {
  [Name in ApiAction]: undefined extends ActionInput<Name>
    ? (input?: ActionInput<Name>) => Promise<ActionResult<Name>>
    : (input: ActionInput<Name>) => Promise<ActionResult<Name>>;
};

export interface ClassTrayApi extends ActionMethods {
  getState(): Promise<ClassTrayState>;
  subscribe(listener: (change: ClassTrayChange) => void): () => void;
}

/**
 * The hosts' dispatch: the input a renderer sent, checked against the action's schema (an
 * ApiInputError naming the action and the field), then the action. Shaping a failure for the
 * window is the caller's, through shownFailure.
 */
export async function runAction<Name extends ApiAction>(
  handlers: ActionHandlers,
  name: Name,
  input: unknown,
): Promise<ActionResult<Name>> {
  return handlers[name](parseAction(name, input));
}

/** The handlers as callers hold them: each checks its input against its schema first. */
export function actionMethods(handlers: ActionHandlers): ActionMethods {
  const methods = Object.fromEntries(
    Object.keys(table).map((name) => [
      name,
      (input?: unknown) => runAction(handlers, name as ApiAction, input),
    ]),
  );
  // fromEntries forgets which name holds which action; each is runAction of its own name.
  return methods as ActionMethods;
}

/** An action's input checked against its schema; an ApiInputError names the action and field. */
export function parseAction<Name extends ApiAction>(name: Name, input: unknown): ActionInput<Name> {
  return parseInput(name, table[name].input, input);
}
