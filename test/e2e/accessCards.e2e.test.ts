/**
 * The access cards end to end, in Arabic: `npm run web` against a local service, in Debian's
 * Chromium. An access added through the link box stays in view, its card focused, at 400x600 and
 * 320x480 (the cards used to fold it away to "1 running"); the "·" between a card's device and
 * student never dangles at a line's end when the student wraps to the next line.
 * Screenshots go to test-results/access-cards-e2e/.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { account, device, devicesIn } from '../support/fixtures';
import { auditedShot, giveNamedAccess, openAccessCards, resizeTo } from './session';
import { windowOn } from './window';

/** Room A: a few named devices and one the service knows by its number alone. */
const opened = windowOn({
  name: 'access-cards-e2e',
  account: account({ 'room-a': 'Room A' }, [
    ...devicesIn('room-a', 6),
    device(7, { classroom: 'room-a', is_online: true, remote_alias: null }),
  ]),
  language: 'ar',
});
const SCREENSHOTS = opened.screenshots;
let page: Page;
beforeAll(() => {
  ({ page } = opened);
});

/** Pastes a new access for the device into the cards' link box, for the student, and Enter. */
async function addThroughLinkBox(remoteId: string, student: string): Promise<string> {
  return giveNamedAccess(opened.session, remoteId, student);
}

/**
 * Each card's name: whether its student wrapped to the line under the device, whether both are
 * drawn whole inside it, and each "·" drawn (one clipped past the name's edge is not): whether it
 * stands on the line of both names, between them.
 */
function cardNames(view: Page) {
  return view.locator('.access-name').evaluateAll((names) =>
    names.map((name) => {
      const box = name.getBoundingClientRect();
      const device = name.querySelector('.access-device-name')?.getBoundingClientRect();
      const student = name.querySelector('.access-student-name')?.getBoundingClientRect();
      const inBox = (rect: DOMRect | undefined) =>
        rect === undefined || (rect.left >= box.left - 1 && rect.right <= box.right + 1);
      const dots: DOMRect[] = [];
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let at = text.indexOf('·'); at >= 0; at = text.indexOf('·', at + 1)) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const dot = range.getBoundingClientRect();
          const x = dot.left + dot.width / 2;
          const y = dot.top + dot.height / 2;
          if (x > box.left && x < box.right && y > box.top && y < box.bottom) dots.push(dot);
        }
      }
      const middle = (rect: DOMRect) => rect.top + rect.height / 2;
      return {
        text: name.textContent,
        wrapped: device && student ? middle(student) > device.bottom : null,
        whole: inBox(device) && inBox(student),
        dots: dots.map((dot) => ({
          onTheirLine:
            device !== undefined &&
            student !== undefined &&
            Math.abs(middle(dot) - middle(device)) < device.height / 2 &&
            Math.abs(middle(dot) - middle(student)) < student.height / 2,
          between:
            device !== undefined &&
            student !== undefined &&
            dot.left >= Math.min(device.right, student.right) - 1 &&
            dot.right <= Math.max(device.left, student.left) + 1,
        })),
      };
    }),
  );
}

/** Whether the whole card is drawn in the window: in the viewport, not cut by a scroll box. */
const wholeInView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = (x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    };
    return (
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      inside(box.left + 2, box.top + 2) &&
      inside(box.right - 2, box.bottom - 2)
    );
  });

describe('an access added through the link box', { timeout: 60_000 }, () => {
  it.each([
    { width: 400, height: 600, remoteId: '100000001', student: 'Ana' },
    { width: 320, height: 480, remoteId: '100000002', student: 'Luis' },
  ])(
    'stays in view at $width x $height, the cards open and its card focused',
    async ({ width, height, remoteId, student }) => {
      await resizeTo(page, { width, height });
      const token = await addThroughLinkBox(remoteId, student);
      const card = page.locator('.access', { hasText: token.slice(0, 8) });
      await card.waitFor();
      expect(await page.locator('.accesses-toggle').getAttribute('aria-expanded')).toBe('true');
      await expect
        .poll(() =>
          card.locator('.access-title').evaluate((title) => title === document.activeElement),
        )
        .toBe(true);
      expect(await wholeInView(card)).toBe(true);
      await auditedShot(page, SCREENSHOTS, `added-${width}x${height}-ar`);
    },
  );
});

describe("a card's device and student", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await resizeTo(page, { width: 400, height: 600 });
    // One student short enough for the device's line, one that is not.
    for (const [remoteId, student] of [
      ['100000003', 'Eva'],
      ['100000007', 'Maximilian Schönberger-Wittgenstein'],
    ] as const) {
      const token = await addThroughLinkBox(remoteId, student);
      const card = page.locator('.access', { hasText: token.slice(0, 8) });
      await card.waitFor({ state: 'attached' });
    }
    // Open whatever the test above found: these cards are this test's.
    await openAccessCards(page);
  });

  // Arabic showed "100000007 ·" on one line and the student alone on the next.
  it('are parted by a "·" only on one line, never one left at a line\'s end, both whole', async () => {
    const seen = new Set<boolean | null>();
    for (const size of [
      { width: 400, height: 600 },
      { width: 320, height: 480 },
    ]) {
      await resizeTo(page, size);
      await openAccessCards(page);
      for (const card of await cardNames(page)) {
        seen.add(card.wrapped);
        const where = `${size.width}x${size.height} ${card.text} (wrapped: ${card.wrapped})`;
        expect(card.whole, where).toBe(true);
        const dots = card.wrapped === false ? [{ onTheirLine: true, between: true }] : [];
        expect(card.dots, where).toEqual(dots);
      }
      await auditedShot(page, SCREENSHOTS, `card-names-${size.width}x${size.height}-ar`);
    }
    // Both cases were there: a student on the device's line, and one on the next line.
    expect([...seen].sort()).toEqual([false, true]);
  });
});
