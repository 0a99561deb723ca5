/**
 * Non-text contrast read from the page's computed colours (WCAG 1.4.11): where each control ends
 * against what is around it, the chosen filter against its track, the status dots and the focus
 * ring of whatever has focus.
 */
import type { Page } from 'playwright-core';

export interface Contrast {
  what: string;
  ratio: number;
}

export function nonTextContrast(page: Page): Promise<Contrast[]> {
  // One self-contained function: Playwright sends its source to the page.
  return page.evaluate(() => {
    const channels = (color: string): number[] =>
      (color.match(/[\d.]+/g) ?? []).map(Number).concat([1]).slice(0, 4);
    const opaque = (color: string): boolean => (channels(color)[3] ?? 0) > 0;
    const luminance = (color: string): number => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => value / 255);
      const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (a: string, b: string): number => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round((((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)) * 100) / 100;
    };
    /** The first opaque background from `element` outwards. */
    const backgroundOf = (element: Element | null): string => {
      for (let at = element; at; at = at.parentElement) {
        const color = getComputedStyle(at).backgroundColor;
        if (opaque(color)) return color;
      }
      return 'rgb(255, 255, 255)';
    };
    const shown = (element: Element) => element.getBoundingClientRect().width > 0;
    const found: { what: string; ratio: number }[] = [];
    const boundary = (what: string, element: Element | null) => {
      if (!element || !shown(element)) return;
      const border = getComputedStyle(element).borderTopColor;
      found.push({ what, ratio: ratio(border, backgroundOf(element.parentElement)) });
    };

    boundary('search field', document.querySelector('.search input'));
    boundary('temporal access field', document.querySelector('.access-input'));
    boundary('classroom picker', document.querySelector('.classroom-picker select'));
    boundary('filter track', document.querySelector('.segmented'));
    boundary('button', document.querySelector('.button:not(.primary, .danger)'));
    const checked = document.querySelector('.segmented label.checked');
    if (checked) {
      found.push({
        what: 'chosen filter against its track',
        ratio: ratio(
          getComputedStyle(checked).backgroundColor,
          backgroundOf(checked.parentElement),
        ),
      });
    }
    for (const presence of ['online', 'offline', 'unknown']) {
      const dot = document.querySelector(`.${presence} > .status-dot`);
      if (dot) {
        found.push({
          what: `${presence} dot`,
          ratio: ratio(getComputedStyle(dot).borderTopColor, backgroundOf(dot.parentElement)),
        });
      }
    }
    const focused = document.activeElement;
    if (focused && focused !== document.body && getComputedStyle(focused).outlineStyle !== 'none') {
      found.push({
        what: 'focus ring',
        ratio: ratio(getComputedStyle(focused).outlineColor, backgroundOf(focused.parentElement)),
      });
    }
    return found;
  });
}
