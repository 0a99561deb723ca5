/**
 * Request timeouts a test fires by hand, for the service client's `timeoutSignal`: no real timer
 * races a real server. A request the test expects an answer to never times out; one it expects
 * to time out does when the test says so (typically as a server that never answers receives it),
 * with the reason AbortSignal.timeout gives: a TimeoutError.
 */
import type { Behaviour } from './misbehavingService';
import { fault } from './misbehavingService';

export interface RequestTimeouts {
  /** For createServiceClient's `timeoutSignal`. */
  timeoutSignal: (ms: number) => AbortSignal;
  /** The timeout each request was given, in ms, in the order they started. */
  asked: number[];
  /** Times out every request started so far that has not timed out yet. */
  fire(): void;
  /** A service that never answers, each request timing out as soon as the server has it. */
  neverAnswers: () => Behaviour;
}

export function requestTimeouts(): RequestTimeouts {
  const asked: number[] = [];
  const pending = new Set<AbortController>();
  const fire = () => {
    for (const controller of pending) {
      controller.abort(
        new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      );
    }
    pending.clear();
  };
  return {
    timeoutSignal(ms) {
      asked.push(ms);
      const controller = new AbortController();
      pending.add(controller);
      return controller.signal;
    },
    asked,
    fire,
    neverAnswers: () => {
      fire();
      return fault.hang();
    },
  };
}
