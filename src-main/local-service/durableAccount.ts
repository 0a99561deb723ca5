/**
 * The account as the local service answers from it: only what is on disk. A change is made on a
 * draft, the draft is written (see dataFile.ts), and only then does it become the account every
 * request reads. So a racing invalidate that loses reads 422 only once the winner's 200 is
 * durable, and a failed write leaves the account as it was (503; a retry starts afresh).
 *
 * Changes queue: those that arrive while a write runs go into the next draft together, in the
 * order they came, and share one write.
 */
import type { LocalAccount } from './account';
import { LocalServiceRefusal } from './account';
import type { AccountData } from './fixture';

interface Pending {
  change: (draft: LocalAccount) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export class DurableAccount {
  #current: LocalAccount;
  #pending: Pending[] = [];
  #writing = false;

  constructor(
    account: LocalAccount,
    /** Puts the data on disk; absent: nothing is persisted and changes apply at once. */
    private readonly write?: (data: AccountData) => Promise<void>,
  ) {
    this.#current = account;
  }

  /** The account as last saved: read it afresh for every request. */
  get current(): LocalAccount {
    return this.#current;
  }

  /**
   * Runs `change` on a draft and resolves with its result once the draft is saved and shown.
   * A LocalServiceRefusal thrown by `change` rejects only its own request.
   */
  change<T>(change: (draft: LocalAccount) => T): Promise<T> {
    const write = this.write;
    // Nothing to save: the change is seen at once (a throw still rejects, as below).
    if (!write) return new Promise<T>((resolve) => resolve(change(this.#current)));
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({ change, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#writing) void this.#flush(write);
    });
  }

  async #flush(write: (data: AccountData) => Promise<void>): Promise<void> {
    this.#writing = true;
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0);
      const draft = this.#current.draft();
      const before = draft.changeCount;
      const answers = batch.map((pending) => {
        try {
          const value = pending.change(draft);
          return () => pending.resolve(value);
        } catch (error) {
          return () => pending.reject(error);
        }
      });
      if (draft.changeCount !== before) {
        try {
          await write(draft.snapshot());
        } catch (error) {
          // Nothing of this batch is shown, refusals included: they were judged on the draft.
          const refusal = notSaved(error);
          for (const pending of batch) pending.reject(refusal);
          continue;
        }
        this.#current = draft;
      }
      for (const answer of answers) answer();
    }
    this.#writing = false;
  }
}

function notSaved(error: unknown): LocalServiceRefusal {
  const reason = error instanceof Error ? error.message : String(error);
  return new LocalServiceRefusal(
    503,
    `The change was not saved, so nothing changed: ${reason.replace(/[.\s]+$/, '')}. Try again.`,
  );
}
