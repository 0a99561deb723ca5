/**
 * Whether any preview page is visible, from what the pages say. Each page holds an event stream
 * open and reports when it is shown or hidden; the protocol names no page in those reports, so
 * this counts instead: a page that opens its stream counts as visible, a "hidden" report marks
 * one page hidden and a "visible" report clears one mark. A page that goes away takes a mark
 * with it, because a browser hides a tab before it closes it (its last report was "hidden");
 * when it did not get to say so, the count errs towards visible, the fresher polling cadence.
 */
export class PageVisibility {
  private pages = 0;
  private hidden = 0;
  private told: boolean | undefined;

  /** `onChange` hears only changes: visible while at least one page is. */
  constructor(private readonly onChange: (visible: boolean) => void) {}

  pageOpened(): void {
    this.pages += 1;
    this.settle();
  }

  pageClosed(): void {
    this.pages = Math.max(0, this.pages - 1);
    this.hidden = Math.min(Math.max(0, this.hidden - 1), this.pages);
    this.settle();
  }

  report(visible: boolean): void {
    this.hidden = visible ? Math.max(0, this.hidden - 1) : Math.min(this.pages, this.hidden + 1);
    this.settle();
  }

  private settle(): void {
    const visible = this.pages > this.hidden;
    if (visible === this.told) return;
    this.told = visible;
    this.onChange(visible);
  }
}
