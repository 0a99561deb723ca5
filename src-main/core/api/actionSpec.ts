/**
 * How the action table (classTrayApi.ts) declares a row: its input schema (everything a renderer
 * sends is untrusted) and its result type, and the input fields several features' actions share.
 * A leaf module: the feature groups of the table (seatPlanActions.ts, timetableActions.ts) and the
 * table itself build on it.
 */
import { z } from 'zod';

export const classroomId = z.string().trim().min(1).max(200);
export const remoteId = z.string().min(1).max(200);
/** An action without input: nothing, or `{}` (the preview's JSON body). */
export const noInput = z.strictObject({}).optional();

/** The type an action resolves to: a mark in the table, nothing at run time. */
declare const resultMark: unique symbol;
export interface ResultType<Result> {
  readonly [resultMark]?: Result;
}
export const resultType = <Result>(): ResultType<Result> => ({});
/** The result of an action that only acts. */
export const noResult: ResultType<void> = {};

export interface ActionSpec<Input extends z.ZodType, Result> {
  input: Input;
  result: ResultType<Result>;
}
export const action = <Input extends z.ZodType, Result>(
  input: Input,
  result: ResultType<Result>,
): ActionSpec<Input, Result> => ({ input, result });
