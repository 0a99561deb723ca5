import { describe, expect, it } from 'vitest';
import { PageVisibility } from '../../src-main/preview/pageVisibility';

function tracker() {
  const told: boolean[] = [];
  return { visibility: new PageVisibility((visible) => told.push(visible)), told };
}

describe('PageVisibility', () => {
  it('tells only changes', () => {
    const { visibility, told } = tracker();
    visibility.pageOpened();
    visibility.pageOpened();
    visibility.report(true);
    expect(told).toEqual([true]);
  });

  it('stays hidden when a closing visible tab reports hidden first, leaving a hidden tab', () => {
    const { visibility, told } = tracker();
    visibility.pageOpened();
    visibility.pageOpened();
    visibility.report(false); // the second tab is in the background
    visibility.report(false); // the first tab hides as it closes
    visibility.pageClosed();
    expect(told).toEqual([true, false]);
  });

  it('becomes visible when a hidden tab closes and a visible one remains', () => {
    const { visibility, told } = tracker();
    visibility.pageOpened();
    visibility.pageOpened();
    visibility.report(false);
    visibility.report(false);
    visibility.report(true);
    visibility.pageClosed();
    expect(told).toEqual([true, false, true]);
  });

  it('ignores more hidden reports than there are pages', () => {
    const { visibility, told } = tracker();
    visibility.pageOpened();
    visibility.report(false);
    visibility.report(false);
    visibility.report(true);
    expect(told).toEqual([true, false, true]);
  });
});
