/**
 * Whether any preview page is visible, from what each page says about itself. Every event stream
 * is one page with its own id (protocol.ts); the page reports its visibility under that id once it
 * has it and on every change, and its entry goes when its stream closes. A page counts as visible
 * only once it has said so. The core starts hidden and hears only changes: visible while at least
 * one open page is, hidden otherwise.
 */
import { randomUUID } from 'node:crypto';

export class PageVisibility {
  private readonly pages = new Map<string, boolean>();
  private told = false;

  constructor(private readonly onChange: (visible: boolean) => void) {}

  /** A stream opened: its page's new id, hidden until the page reports. */
  open(): string {
    const page = randomUUID();
    this.pages.set(page, false);
    return page;
  }

  /** A stream closed: its page no longer counts. */
  close(page: string): void {
    this.pages.delete(page);
    this.settle();
  }

  /** False, and nothing changes, for an id with no open stream. */
  report(page: string, visible: boolean): boolean {
    if (!this.pages.has(page)) return false;
    this.pages.set(page, visible);
    this.settle();
    return true;
  }

  private settle(): void {
    const visible = [...this.pages.values()].includes(true);
    if (visible === this.told) return;
    this.told = visible;
    this.onChange(visible);
  }
}
