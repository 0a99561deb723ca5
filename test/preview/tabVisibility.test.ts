import { describe, expect, it } from 'vitest';
import { TabVisibility } from '../../src-main/preview/tabVisibility';

function tabs() {
  const told: boolean[] = [];
  const visibility = new TabVisibility((visible) => told.push(visible));
  return { told, visibility };
}

describe('TabVisibility', () => {
  it('gives every tab a new random id', () => {
    const { visibility } = tabs();
    const first = visibility.open();
    const second = visibility.open();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('counts a tab as hidden until it reports, then as it reports', () => {
    const { told, visibility } = tabs();
    const tab = visibility.open();
    expect(told).toEqual([]);
    visibility.report(tab, true);
    visibility.report(tab, false);
    visibility.report(tab, true);
    expect(told).toEqual([true, false, true]);
  });

  it('is hidden only when both of two tabs are hidden', () => {
    const { told, visibility } = tabs();
    const first = visibility.open();
    const second = visibility.open();
    visibility.report(first, true);
    visibility.report(second, true);
    visibility.report(first, false);
    expect(told).toEqual([true]);
    visibility.report(second, false);
    expect(told).toEqual([true, false]);
    visibility.report(first, true);
    expect(told).toEqual([true, false, true]);
  });

  it('takes the same answer from the same reports in any order', () => {
    const { told, visibility } = tabs();
    const first = visibility.open();
    const second = visibility.open();
    visibility.report(second, false);
    visibility.report(first, false);
    visibility.report(first, false);
    expect(told).toEqual([]);
    visibility.report(second, true);
    visibility.report(second, true);
    expect(told).toEqual([true]);
  });

  it('is hidden when the last visible tab closes, even with hidden tabs open', () => {
    const { told, visibility } = tabs();
    const hidden = visibility.open();
    const shown = visibility.open();
    visibility.report(hidden, false);
    visibility.report(shown, true);
    visibility.close(shown);
    expect(told).toEqual([true, false]);
  });

  it('stays visible when a hidden tab closes and a visible one remains', () => {
    const { told, visibility } = tabs();
    const shown = visibility.open();
    const hidden = visibility.open();
    visibility.report(shown, true);
    visibility.report(hidden, false);
    visibility.close(hidden);
    expect(told).toEqual([true]);
  });

  it('ignores reports for an unknown or closed tab', () => {
    const { told, visibility } = tabs();
    const tab = visibility.open();
    expect(visibility.report('not-a-tab', true)).toBe(false);
    visibility.close(tab);
    expect(visibility.report(tab, true)).toBe(false);
    expect(told).toEqual([]);
  });

  it('counts a reconnected tab once, under its new id', () => {
    const { told, visibility } = tabs();
    const before = visibility.open();
    expect(visibility.report(before, true)).toBe(true);
    const after = visibility.open();
    visibility.close(before);
    visibility.report(after, true);
    expect(told).toEqual([true, false, true]);
    visibility.report(before, false);
    expect(told).toEqual([true, false, true]);
  });

  it('tells only changes', () => {
    const { told, visibility } = tabs();
    const first = visibility.open();
    const second = visibility.open();
    visibility.report(first, true);
    visibility.report(second, true);
    visibility.report(first, true);
    visibility.close(second);
    expect(told).toEqual([true]);
  });
});
