/**
 * The last resort of the main process: a rejection nothing handled is logged and ClassTray goes
 * on; an exception nothing caught is logged, said and quits, once.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { installLastResort } from '../../src-main/electron/lastResort';
import { recordingLogger } from '../support/recordingLogger';

function installed() {
  const fakeProcess = new EventEmitter();
  const { log, errors } = recordingLogger();
  const quitWithDialog = vi.fn();
  installLastResort({ process: fakeProcess as never, log, quitWithDialog });
  return { fakeProcess, errors, quitWithDialog };
}

describe('the last resort of the main process', () => {
  it('logs a rejection nothing handled, with its stack, and goes on', () => {
    const { fakeProcess, errors, quitWithDialog } = installed();
    fakeProcess.emit('unhandledRejection', new Error('nobody awaited this'));
    fakeProcess.emit('unhandledRejection', 'not even an Error');
    expect(errors[0]).toMatch(
      /^A failure nothing handled \(ClassTray goes on\)\nError: nobody awaited this\n {4}at /,
    );
    expect(errors[1]).toBe('A failure nothing handled (ClassTray goes on)\nnot even an Error');
    expect(quitWithDialog).not.toHaveBeenCalled();
  });

  it('quits with a dialog on an exception nothing caught; a second one is only logged', () => {
    const { fakeProcess, errors, quitWithDialog } = installed();
    const first = new RangeError('Invalid string length');
    fakeProcess.emit('uncaughtException', first, 'uncaughtException');
    fakeProcess.emit('uncaughtException', new Error('while quitting'), 'uncaughtException');
    expect(quitWithDialog).toHaveBeenCalledExactlyOnceWith(first);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      /^An error nothing caught \(uncaughtException\): ClassTray quits\nRangeError: Invalid string length\n/,
    );
  });
});
