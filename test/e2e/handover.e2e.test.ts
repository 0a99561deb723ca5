/**
 * A room handed over (issue 58), end to end: two `npm run web` previews, each on its own data
 * folder, on one local service and one clock, in Debian's Chromium. Teacher A gives three
 * accesses in Lab 3 and hands them over; teacher B's ClassTray refuses the handover with a wrong
 * code and altered by one character, takes it with the code, refuses it a second time, ends one
 * access (the service records the invalidation), and B's bell, with B's yes for Lab 3, ends the
 * other two. A's End on the one B ended is answered "already ended" (the service's 422), shown
 * as ended, not as a failure. A handover past its 30 minutes is refused. Each outcome is read from
 * the local service's own records. The dialogs are audited (axe) at 320 px, 400×600 and 200%
 * zoom, in German and Arabic, light and dark; screenshots go to test-results/handover-e2e/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_VALID_MINUTES } from '../../src-shared/handover';
import { calendarText } from '../support/calendarText';
import { account, devicesIn } from '../support/fixtures';
import { layoutProblems } from './layoutProbe';
import type { PreviewProcess } from './previewProcess';
import { startPreviewHere } from './previewProcess';
import type { E2eSession } from './session';
import {
  auditedShot,
  callAction,
  chooseLanguage,
  coreStateIn,
  giveNamedAccess,
  LIVE_TIMEOUT,
  onTheService,
  openAccessCards,
  openWindow,
  resizeTo,
} from './session';
import { windowOn } from './window';
import { english } from './words';

const MINUTE = 60_000;

/** Teacher A's window: the session's preview, in Lab 3. */
const opened = windowOn({
  name: 'handover-e2e',
  account: account({ 'lab-3': 'Lab 3' }, devicesIn('lab-3', 4)),
});
let session: E2eSession;
let a: Page;
/** Teacher B: a second preview on its own data folder, the same service and clock. */
let b: Page;
let previewB: PreviewProcess;
let contextB: BrowserContext;
let dataDirB: string;
/** Each access A gave, by its device's name. */
const given = new Map<string, string>();

/**
 * B's ClassTray: its own preview and data folder on the session's service and clock, and its
 * window in a context of the session's (its time skips with the session's, and it is signed in to
 * A's preview as every context of the session is), signed in to B's preview too.
 */
async function startTeacherB(): Promise<void> {
  dataDirB = await mkdtemp(join(tmpdir(), 'classtray-e2e-b-'));
  previewB = await startPreviewHere({
    serviceUrl: session.service.url,
    classroom: 'lab-3',
    dataDir: dataDirB,
    token: opened.token,
    clock: session.clock,
  });
  contextB = await session.newContext({ viewport: { width: 400, height: 600 } });
  await previewB.signIn(contextB);
  b = await contextB.newPage();
  await openWindow(b, previewB.openUrl);
}

beforeAll(async () => {
  ({ session, page: a } = opened);
  // A named the room; B's ClassTray has never had it (launched on it, unnamed).
  await callAction(a, 'renameClassroom', { id: 'lab-3', nickname: 'Lab 3' });
  await startTeacherB();
}, 90_000);

// Before windowOn's, which stops the session.
afterAll(async () => {
  await contextB?.close();
  await previewB?.stop();
  if (dataDirB !== undefined) await rm(dataDirB, { recursive: true, force: true });
});

// Not exact: the list says "as of" when its devices are not fresh.
const devices = (page: Page) => page.getByRole('list', { name: english('devices.heading') });
const endButton = (page: Page, name: string) =>
  devices(page).getByRole('button', { name: english('accesses.endFor', { name }), exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

/** What the service records of the access given on this device. */
const recordedOn = (name: string) => onTheService(session.service, given.get(name) ?? '');
/** What the service records of the access given on each of these devices. */
const recorded = (names: string[]) => Promise.all(names.map(recordedOn));

/** A's handover of Lab 3 (A's list keeps them): its text and code, the dialog closed. */
async function handOver(shots?: () => Promise<void>): Promise<{ text: string; code: string }> {
  await openAccessCards(a);
  await a.getByRole('button', { name: english('handover.give'), exact: true }).click();
  await dialog(a)
    .getByRole('button', { name: english('handover.make'), exact: true })
    .click();
  const code = await dialog(a).locator('.handover-code').innerText();
  const text = await handoverText(a).inputValue();
  await shots?.();
  await dialog(a)
    .getByRole('button', { name: english('handover.close'), exact: true })
    .click();
  return { text, code };
}

const handoverText = (page: Page) =>
  dialog(page).getByRole('textbox', { name: english('handover.text'), exact: true });
const takeOverButton = () =>
  dialog(b).getByRole('button', { name: english('handover.takeConfirm'), exact: true });

/** B opens Take over and fills in the handover's text and the code, not taking it yet. */
async function fillTakeOver(text: string, code: string): Promise<void> {
  await openAccessCards(b);
  await b.getByRole('button', { name: english('handover.take'), exact: true }).click();
  await handoverText(b).fill(text);
  await dialog(b)
    .getByRole('textbox', { name: english('handover.codeInput'), exact: true })
    .fill(code);
}

/** B takes (or tries to take) a handover: the sentence the dialog answers with. */
async function takeOver(text: string, code: string): Promise<string> {
  await fillTakeOver(text, code);
  await takeOverButton().click();
  const answer = dialog(b).locator('[role="alert"], [role="status"]').first();
  await answer.waitFor({ timeout: LIVE_TIMEOUT });
  const said = await answer.innerText();
  await b.keyboard.press('Escape');
  await dialog(b).waitFor({ state: 'detached' });
  return said;
}

/**
 * The reflow checks of the dialog alone: the window behind a modal dialog lies under it by
 * design, so it is hidden from the probe while it runs.
 */
async function dialogLayoutProblems(page: Page): Promise<string[]> {
  const hideBehind = (hidden: boolean) =>
    page.evaluate((hide) => {
      document.body.style.visibility = hide ? 'hidden' : '';
      const shown = document.querySelector<HTMLElement>('dialog[open]');
      if (shown) shown.style.visibility = hide ? 'visible' : '';
    }, hidden);
  await hideBehind(true);
  try {
    return await layoutProblems(page);
  } finally {
    await hideBehind(false);
  }
}

/** The dialog whole from 320 px to 200% zoom, in German and Arabic, light and dark. */
async function audited(page: Page, name: string): Promise<void> {
  const problems: string[] = [];
  const sizes = [
    { label: '400x600', viewport: { width: 400, height: 600 } },
    { label: '320', viewport: { width: 320, height: 480 } },
    { label: 'zoom200', viewport: { width: 320, height: 300 } },
  ];
  for (const language of ['de', 'ar'] as const) {
    await chooseLanguage(page, language);
    for (const { label, viewport } of sizes) {
      await resizeTo(page, viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        problems.push(
          ...(await dialogLayoutProblems(page)).map(
            (problem) => `${language} ${label}: ${problem}`,
          ),
        );
        await auditedShot(page, opened.screenshots, `${name}-${label}-${language}-${colorScheme}`);
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await chooseLanguage(page, 'en');
  await resizeTo(page, { width: 400, height: 600 });
  expect(problems).toEqual([]);
}

describe('a room handed over between two ClassTrays', { timeout: 240_000 }, () => {
  let handover: { text: string; code: string };

  it('A hands three accesses over; the code and the text say no token nor name', async () => {
    for (const [n, student] of [
      [1, 'Amara Okafor'],
      [2, 'Bruno Salvatierra'],
      [3, 'Chiara Ventimiglia'],
    ] as const) {
      given.set(`PC-${n}`, await giveNamedAccess(session, String(100_000_000 + n), student));
      await devices(a).getByText(student).first().waitFor({ timeout: LIVE_TIMEOUT });
    }
    handover = await handOver(() => audited(a, 'hand-over-made'));
    expect(handover.code).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    expect(handover.text.startsWith('classtray-handover.1.')).toBe(true);
    for (const secret of [...given.values(), 'Amara Okafor', 'Bruno', 'Lab 3']) {
      expect(handover.text).not.toContain(secret);
    }
    // A keeps them, marked, each still with its End.
    const { temporalAccesses } = await coreStateIn(a);
    expect(temporalAccesses.every((access) => access.handedOverAt !== null)).toBe(true);
    await a.getByText(english('handover.handedOver')).first().waitFor();
  });

  it('B refuses it with a wrong code and altered by one character, changing nothing', async () => {
    const wrong = handover.code.startsWith('2') ? '3' : '2';
    expect(await takeOver(handover.text, `${wrong}${handover.code.slice(1)}`)).toContain(
      'This code does not open this handover, or the handover was changed.',
    );
    const at = handover.text.length - 30;
    const altered = `${handover.text.slice(0, at)}${handover.text[at] === 'A' ? 'B' : 'A'}${handover.text.slice(at + 1)}`;
    expect(await takeOver(altered, handover.code)).toContain(
      'This code does not open this handover, or the handover was changed.',
    );
    expect((await coreStateIn(b)).temporalAccesses).toEqual([]);
  });

  it('B takes it with the code, once; the dialog audited', async () => {
    // Typed as heard: in small letters.
    await fillTakeOver(handover.text, handover.code.toLowerCase());
    await audited(b, 'take-over-form');
    await takeOverButton().click();
    const said = dialog(b).getByRole('status');
    await said.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await said.innerText()).toBe('Took 3 accesses in Lab 3.');
    await b.keyboard.press('Escape');
    for (const name of ['PC-1', 'PC-2', 'PC-3']) {
      await endButton(b, name).waitFor({ timeout: LIVE_TIMEOUT });
    }
    // Without the names: A did not tick them.
    expect((await coreStateIn(b)).temporalAccesses.map((access) => access.studentName)).toEqual([
      null,
      null,
      null,
    ]);
    expect(await takeOver(handover.text, handover.code)).toContain(
      'This handover was already taken here.',
    );
  });

  it('B ends one; A, ending it too, is told it had already ended', async () => {
    await endButton(b, 'PC-1').click();
    await expect.poll(() => recordedOn('PC-1'), { timeout: LIVE_TIMEOUT }).toBe('invalidated');
    await endButton(a, 'PC-1').click();
    await expect
      .poll(
        async () =>
          (await coreStateIn(a)).temporalAccesses.find(
            (access) => access.token === given.get('PC-1'),
          )?.state.kind,
        { timeout: LIVE_TIMEOUT },
      )
      .toBe('already-ended');
    // Shown ended, not as a failure.
    await openAccessCards(a);
    expect(await a.locator('.action-error').count()).toBe(0);
    expect(await recorded(['PC-1', 'PC-2', 'PC-3'])).toEqual(['invalidated', 'active', 'active']);
  });

  it("B's bell, with B's yes for Lab 3, ends the other two", async () => {
    const now = Math.floor(session.clock.now() / 1000) * 1000;
    const end = now + 10 * MINUTE;
    // Each answered 200: callAction throws on any other answer.
    await callAction(b, 'setTimetableSource', {
      kind: 'file',
      text: calendarText([
        { uid: 'lab', start: now - 5 * MINUTE, end, summary: 'Physik', location: 'Lab 3' },
      ]),
    });
    await callAction(b, 'mapTimetablePlace', { place: 'Lab 3', classroomId: 'lab-3' });
    await callAction(b, 'setEndAtBell', { classroomId: 'lab-3', on: true });
    await session.skip(end + MINUTE - session.clock.now());
    await expect
      .poll(() => recorded(['PC-2', 'PC-3']), { timeout: LIVE_TIMEOUT })
      .toEqual(['invalidated', 'invalidated']);
  });

  it('a handover past its time is refused', async () => {
    // A still holds PC-2 and PC-3 as running (the service tells nobody): it can hand them over.
    const late = await handOver();
    await session.skip(HANDOVER_VALID_MINUTES * MINUTE + MINUTE);
    expect(await takeOver(late.text, late.code)).toContain('This handover has expired');
  });
});
