/**
 * Current when shown (issue 53): after the window has been hidden a long while (polling at the
 * hidden interval), showing it reads the open room at once: the status the teacher sees is one
 * refresh old, not one hidden interval old. Time is injected (manual timers, their clock the
 * core's): nothing here waits on the wall clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClassTray } from '../../src-main/core/classTray';
import { createClassTray } from '../../src-main/core/classTray';
import type { ClassTrayChange, ClassTrayState } from '../../src-main/core/api/classTrayApi';
import { servicePaths } from '../../src-main/contract/wire';
import { silentLogger } from '../../src-main/core/logger';
import { parseAccountData } from '../../src-main/local-service/fixture';
import { startLocalService } from '../../src-main/local-service/index';
import { startDemoSchool } from '../../src-main/hosts/demoSchool';
import { accountFixture } from '../support/fixtures';
import { callerOf } from '../support/localServiceControl';
import { manualTimers } from '../support/manualTimers';
import { tempDir } from '../support/tempDir';

const TOKEN = 'core-test-token-0123456789';
const MINUTE = 60_000;
/** A device of room-a (every third device of the fixture is in it), offline in the fixture. */
const DEVICE = '100000003';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Once a refresh succeeded at `at` (ISO) and the next one is planned. */
function refreshedAt(classTray: ClassTray, at: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = classTray.subscribe((change: ClassTrayChange) => {
      if (
        change.type === 'connection' &&
        change.connection.lastSuccessAt === at &&
        change.connection.nextAttemptAt !== null
      ) {
        stop();
        resolve();
      }
    });
  });
}

const onlineOf = (state: ClassTrayState, remoteId: string) =>
  state.classroom.devices.find((device) => device.remoteId === remoteId)?.online;

describe('current when shown', () => {
  it('after 30 minutes hidden, a show reads the open room at once: one refresh, no timer', async () => {
    const local = await startLocalService({
      token: TOKEN,
      port: 0,
      fixture: parseAccountData(accountFixture(90), 'test fixture'),
    });
    cleanups.push(() => local.close());
    const manual = manualTimers(Date.parse('2026-12-02T08:00:00Z'));
    let classroomReads = 0;
    const classTray = await createClassTray({
      dataDir: await tempDir(),
      env: {},
      loadKeytar: () => Promise.reject(new Error('no keychain in this test')),
      demoSchool: () => startDemoSchool(),
      log: silentLogger,
      timers: manual.timers,
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (new URL(url).pathname === servicePaths.classroomDevices('room-a')) classroomReads++;
        return fetch(input, init);
      },
    });
    cleanups.push(() => classTray.close());
    await classTray.connectService({ serviceUrl: local.url, token: TOKEN });
    await classTray.selectClassroom({ id: 'room-a' });
    await classTray.refresh();
    classTray.setWindowVisible(false);
    const { poll } = (await classTray.getState()).preferences;

    // Hidden for 30 minutes: the hidden polls run, each waited for before the clock goes on;
    // then half an interval more, so the show falls between two of them.
    const hiddenFrom = manual.timers.now();
    while (manual.timers.now() - hiddenFrom < 30 * MINUTE) {
      const next = new Date(manual.timers.now() + poll.hiddenSeconds * 1000).toISOString();
      const polled = refreshedAt(classTray, next);
      manual.advance(poll.hiddenSeconds * 1000);
      await polled;
    }
    manual.advance((poll.hiddenSeconds * 1000) / 2);
    const shownAt = manual.timers.now();

    // Meanwhile the device came online; the last hidden poll did not see it.
    const caller = callerOf(local);
    const patched = await caller('PATCH', `/_local/devices/${DEVICE}`, { is_online: true });
    expect(patched.ok).toBe(true);
    expect(onlineOf(await classTray.getState(), DEVICE)).toBe(false);

    // Shown: a refresh starts at once, with the clock where it is (no timer has to fire).
    const readsBefore = classroomReads;
    const current = refreshedAt(classTray, new Date(shownAt).toISOString());
    classTray.setWindowVisible(true);
    await current;
    const state = await classTray.getState();
    expect(onlineOf(state, DEVICE)).toBe(true);
    expect(state.connection).toMatchObject({
      status: 'ok',
      lastSuccessAt: new Date(shownAt).toISOString(),
    });
    // One refresh: the classroom's pages read once (90 devices: one page).
    expect(classroomReads - readsBefore).toBe(1);
    // And the visible cadence from then on.
    expect(state.connection.nextAttemptAt).toBe(
      new Date(shownAt + poll.visibleSeconds * 1000).toISOString(),
    );
  });
});
