/**
 * Whether any browser tab showing the preview is visible, from what each tab says about itself.
 * Every event stream is one tab with its own id (protocol.ts); the tab reports its visibility
 * under that id once it has it and on every change, and its entry goes when its stream closes. A
 * tab counts as visible only once it has said so. The core starts hidden and hears only changes:
 * visible while at least one open tab is, hidden otherwise.
 */
import { randomUUID } from 'node:crypto';

export class TabVisibility {
  private readonly tabs = new Map<string, boolean>();
  private told = false;

  constructor(private readonly onChange: (visible: boolean) => void) {}

  /** A stream opened: its tab's new id, hidden until the tab reports. */
  open(): string {
    const tab = randomUUID();
    this.tabs.set(tab, false);
    return tab;
  }

  /** A stream closed: its tab no longer counts. */
  close(tab: string): void {
    this.tabs.delete(tab);
    this.settle();
  }

  /** False, and nothing changes, for an id with no open stream. */
  report(tab: string, visible: boolean): boolean {
    if (!this.tabs.has(tab)) return false;
    this.tabs.set(tab, visible);
    this.settle();
    return true;
  }

  private settle(): void {
    const visible = [...this.tabs.values()].includes(true);
    if (visible === this.told) return;
    this.told = visible;
    this.onChange(visible);
  }
}
