import { describe, expect, it } from 'vitest';
import { PageVisibility } from '../../src-main/preview/pageVisibility';

/** Pages as the preview client behaves: open the stream, report once, report every change. */
function browser() {
  const told: boolean[] = [];
  const visibility = new PageVisibility((visible) => told.push(visible));
  return {
    told,
    open(visible: boolean) {
      visibility.pageOpened();
      visibility.report(visible);
    },
    show: () => visibility.report(true),
    hide: () => visibility.report(false),
    close: () => visibility.pageClosed(),
  };
}

describe('PageVisibility', () => {
  it('is visible while the only page is shown, hidden while it is hidden', () => {
    const pages = browser();
    pages.open(true);
    pages.hide();
    pages.show();
    expect(pages.told).toEqual([true, false, true]);
  });

  it('counts a page opened in the background as hidden', () => {
    const pages = browser();
    pages.open(true);
    pages.open(false);
    pages.hide();
    expect(pages.told).toEqual([true, false]);
  });

  it('is hidden only when both of two pages are hidden', () => {
    const pages = browser();
    pages.open(true);
    pages.open(true);
    pages.hide();
    expect(pages.told).toEqual([true]);
    pages.hide();
    expect(pages.told).toEqual([true, false]);
    pages.show();
    expect(pages.told).toEqual([true, false, true]);
  });

  it('stays hidden when the visible page closes and a hidden one remains', () => {
    const pages = browser();
    pages.open(false);
    pages.open(true);
    pages.hide(); // a browser hides a tab before closing it
    pages.close();
    expect(pages.told.at(-1)).toBe(false);
  });

  it('stays visible when a hidden page closes and a visible one remains', () => {
    const pages = browser();
    pages.open(true);
    pages.open(false);
    pages.close();
    expect(pages.told.at(-1)).toBe(true);
  });

  it('is hidden once the last page has gone', () => {
    const pages = browser();
    pages.open(true);
    pages.close();
    expect(pages.told).toEqual([true, false]);
  });

  it('tells only changes', () => {
    const pages = browser();
    pages.open(true);
    pages.open(true);
    pages.show();
    expect(pages.told).toEqual([true]);
  });
});
