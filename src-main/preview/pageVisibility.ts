/**
 * Whether any preview page is visible, from what the pages say. A page opens its event stream,
 * reports its visibility once, then reports again on every change; the protocol names no page
 * in those reports, so this counts: a page that opens its stream counts as visible, the first
 * report after a stream opens is that page's own initial state, and every later report moves
 * one page between visible and hidden. A page that goes away takes one "hidden" with it: a
 * browser hides a tab before closing it. Where a report is lost or reordered, the count errs
 * towards visible, the fresher polling cadence, and the next reports set it right.
 */
export class PageVisibility {
  private pages = 0;
  private hidden = 0;
  /** Pages whose stream opened and whose initial report has not arrived yet. */
  private awaitingInitial = 0;
  private told: boolean | undefined;

  /** `onChange` hears only changes: visible while at least one page is. */
  constructor(private readonly onChange: (visible: boolean) => void) {}

  pageOpened(): void {
    this.pages += 1;
    this.awaitingInitial += 1;
    this.settle();
  }

  pageClosed(): void {
    this.pages = Math.max(0, this.pages - 1);
    this.awaitingInitial = Math.min(this.awaitingInitial, this.pages);
    this.hidden = Math.max(0, this.hidden - 1);
    this.settle();
  }

  report(visible: boolean): void {
    if (this.awaitingInitial > 0) {
      // A new page counts as visible already: only its being hidden changes anything.
      this.awaitingInitial -= 1;
      if (!visible) this.hidden += 1;
    } else {
      this.hidden += visible ? -1 : 1;
    }
    this.settle();
  }

  private settle(): void {
    this.hidden = Math.min(Math.max(0, this.hidden), this.pages);
    const visible = this.pages > this.hidden;
    if (visible === this.told) return;
    this.told = visible;
    this.onChange(visible);
  }
}
