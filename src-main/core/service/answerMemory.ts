/**
 * The last answer read from each list page, kept by its address: its text and what it was read
 * as. A page whose text is the same as last time is given back as it was read, not parsed and
 * checked again: comparing two texts costs a small fraction of parsing one. The classroom list
 * carries no online status, so its pages are the same on nearly every refresh; in class most of
 * the account list's pages are too. (The service sends no ETag the spec shows, so the client
 * cannot ask "changed since?": it compares what came.)
 *
 * What is given back was checked when it was first read, and is shared by every refresh that
 * reads the same text: a page is read-only (`Page` in contract/wire.ts), so no reader changes it.
 * Bounded: at most `maxChars` characters of text are kept, the least recently read dropped first.
 */
export class AnswerMemory<Data> {
  readonly #answers = new Map<string, { text: string; data: Data }>();
  #chars = 0;

  constructor(private readonly maxChars: number) {}

  /** What `text` was read as when `address` last answered it; undefined when it differs. */
  recall(address: string, text: string): Data | undefined {
    const kept = this.#answers.get(address);
    if (kept === undefined || kept.text !== text) return undefined;
    // Read again: the most recent now, the last to be dropped.
    this.#answers.delete(address);
    this.#answers.set(address, kept);
    return kept.data;
  }

  remember(address: string, text: string, data: Data): void {
    this.forget(address);
    if (text.length > this.maxChars) return;
    this.#answers.set(address, { text, data });
    this.#chars += text.length;
    for (const [oldest, { text: dropped }] of this.#answers) {
      if (this.#chars <= this.maxChars) break;
      this.#answers.delete(oldest);
      this.#chars -= dropped.length;
    }
  }

  /** An answer that failed its checks, or came as an error, is not the page's any more. */
  forget(address: string): void {
    const kept = this.#answers.get(address);
    if (kept === undefined) return;
    this.#answers.delete(address);
    this.#chars -= kept.text.length;
  }

  /** Characters of text kept, for the tests of the bound. */
  get chars(): number {
    return this.#chars;
  }
}
