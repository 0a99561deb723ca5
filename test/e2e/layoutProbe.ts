/**
 * Reflow checks run inside the page (WCAG 1.4.10): nothing scrolls sideways, every control is
 * inside the window and not cut by its container, no two labels overlap and every placeholder
 * fits its box. Each problem comes back as a sentence naming the element.
 */
import type { Page } from 'playwright-core';

export function layoutProblems(page: Page): Promise<string[]> {
  // One self-contained function: Playwright sends its source to the page.
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element): string => {
      const text =
        element.getAttribute('aria-label') ??
        element.getAttribute('placeholder') ??
        element.textContent ??
        '';
      const classes = typeof element.className === 'string' ? element.className.trim() : '';
      return `<${element.tagName.toLowerCase()}${classes === '' ? '' : ` class="${classes}"`}> "${text.trim().slice(0, 40)}"`;
    };
    type Box = { left: number; right: number; top: number; bottom: number };
    /** The part of an element its clipping ancestors (scroll boxes, overflow hidden) show. */
    const visibleBox = (element: Element): Box | null => {
      const rect = element.getBoundingClientRect();
      const box: Box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      for (let above = element.parentElement; above; above = above.parentElement) {
        const style = getComputedStyle(above);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = above.getBoundingClientRect();
        box.left = Math.max(box.left, clip.left);
        box.right = Math.min(box.right, clip.right);
        box.top = Math.max(box.top, clip.top);
        box.bottom = Math.min(box.bottom, clip.bottom);
      }
      return box.right - box.left >= 1 && box.bottom - box.top >= 1 ? box : null;
    };
    const shown = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      return (
        rect.width > 1 &&
        rect.height > 1 &&
        element.checkVisibility({ visibilityProperty: true }) &&
        element.closest('.visually-hidden') === null
      );
    };

    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth > width) problems.push(`the page scrolls sideways (${scrollWidth} > ${width})`);
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${name(element)} scrolls sideways`);
      }
    }

    const controls = [
      ...document.querySelectorAll(
        'button, input:not([type="radio"]), select, summary, a[href], .segmented label',
      ),
    ].filter(shown);
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      if (rect.left < -0.5 || rect.right > width + 0.5) {
        problems.push(`${name(control)} is outside the window (${rect.left}-${rect.right})`);
        continue;
      }
      const box = visibleBox(control);
      // Scrolled out of sight vertically is reachable; cut off sideways is not.
      if (box && box.bottom - box.top >= rect.height - 1 && box.right - box.left < rect.width - 1) {
        problems.push(`${name(control)} is cut off`);
      }
    }

    for (const input of document.querySelectorAll('input[placeholder]')) {
      if (!(input instanceof HTMLInputElement) || input.value !== '' || !shown(input)) continue;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) continue;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (context.measureText(input.placeholder).width > room) {
        problems.push(`${name(input)}: its placeholder does not fit`);
      }
    }

    const labels = [
      ...controls,
      ...[
        ...document.querySelectorAll(
          '.badge, .presence, .device-name, .device-id, .online-count, .updated, .access-name, ' +
            '.access-detail, .section-title, h2, h3, p, label > span, .copy-note, .tile-name',
        ),
      ].filter(shown),
    ];
    const boxes = labels.map((element) => ({ element, box: visibleBox(element) }));
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i];
      if (!a?.box) continue;
      for (let j = i + 1; j < boxes.length; j++) {
        const b = boxes[j];
        if (!b?.box || a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1) problems.push(`${name(a.element)} overlaps ${name(b.element)}`);
      }
    }
    return [...new Set(problems)];
  });
}

/**
 * Text cut in the header, the toolbar, the accesses' summary and the device rows: an element
 * that clips its text without the "…" that says more is there, or any cut at all in what must
 * read whole (a device's name in these rooms, a count, a filter, a button). A row's details
 * (its id, a student's name, a mark) may end in "…" at 320 px: the row's title says them whole.
 */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const areas = 'header, .device-toolbar, .accesses-summary, .accesses-toggle, .device-row';
    const whole = '.device-name, .online-count, .count, .segmented label, button';
    const found: string[] = [];
    for (const area of document.querySelectorAll(areas)) {
      for (const element of [area, ...area.querySelectorAll('*')]) {
        if (!(element instanceof HTMLElement) || element.closest('.visually-hidden')) continue;
        if (element.offsetParent === null || (element.textContent ?? '').trim() === '') continue;
        const style = getComputedStyle(element);
        // Visually hidden by a narrow window's rule: read out, not shown.
        if (style.overflowX === 'visible' || style.clipPath !== 'none') continue;
        if (element.scrollWidth <= element.clientWidth + 1) continue;
        if (style.textOverflow === 'ellipsis' && !element.matches(whole)) continue;
        const text = (element.textContent ?? '').trim().slice(0, 40);
        found.push(
          `<${element.tagName.toLowerCase()} class="${element.className}"> "${text}" is cut`,
        );
      }
    }
    return [...new Set(found)];
  });
}

/**
 * Whether the first device row's name sits at the line's start: nearer the row's left edge in
 * a left-to-right language, its right edge in a right-to-left one (the window mirrored).
 */
export function rowStartsAtLineStart(page: Page): Promise<{ dir: string; ok: boolean }> {
  return page.evaluate(() => {
    const row = document.querySelector('.device-row');
    const name = row?.querySelector('.device-name');
    if (!row || !name) return { dir: 'none', ok: false };
    const line = row.getBoundingClientRect();
    const text = name.getBoundingClientRect();
    const dir = getComputedStyle(row).direction;
    const fromLeft = text.left - line.left;
    const fromRight = line.right - text.right;
    return { dir, ok: dir === 'rtl' ? fromRight < fromLeft : fromLeft < fromRight };
  });
}
