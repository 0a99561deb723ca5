/**
 * The seat plans in the core: the teacher's kept in the data folder (private, whole, a damaged
 * file set aside), the demo's in memory, the school's read from RoomPlansFolder and locked by
 * RoomPlansLocked, and an import that keeps nothing of a refused file.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClassTrayChange } from '../../../src-main/core/api/classTrayApi';
import type { Sessions } from '../../../src-main/core/account/sessions';
import type { DeviceView } from '../../../src-main/core/classroom/liveStatus';
import type { ManagedPolicy } from '../../../src-main/core/policy/policyChecker';
import { NO_POLICY } from '../../../src-main/core/policy/policyChecker';
import { planText, type SeatPlan } from '../../../src-main/core/seatPlan/seatPlan';
import { seatPlanFeature } from '../../../src-main/core/seatPlan/seatPlanFeature';
import { SEAT_PLANS_FILE } from '../../../src-main/core/seatPlan/seatPlanFile';
import { manualTimers } from '../../support/manualTimers';
import { recordingLogger } from '../../support/recordingLogger';
import { tempDir } from '../../support/tempDir';

const devices: DeviceView[] = Array.from({ length: 24 }, (_, i) => ({
  remoteId: String(100_000_001 + i),
  alias: `R12-PC${String(i + 1).padStart(2, '0')}`,
  online: true,
  status: 'enabled',
  has2fa: true,
}));

/** The feature on a data folder, in Room 12 of a service (or the demo), under `policy`. */
async function seatPlans(
  dataDir: string,
  options: { policy?: () => ManagedPolicy; mode?: 'demo' | 'service'; room?: string } = {},
) {
  const changes: ClassTrayChange[] = [];
  const { log, lines } = recordingLogger();
  const { timers } = manualTimers(Date.parse('2026-03-02T08:00:00Z'));
  let room = options.room ?? 'room-12';
  const sessions = {
    get current() {
      return {
        mode: options.mode ?? 'service',
        notebook: { read: () => ({ current: room }) },
      };
    },
  } as unknown as Sessions;
  const feature = seatPlanFeature(
    { dataDir, log, clock: () => timers.now(), timers, sessions, emit: (c) => changes.push(c) },
    { policy: options.policy ?? (() => NO_POLICY), devices: () => devices },
  );
  await feature.start?.();
  await feature.classroomOpened();
  return {
    feature,
    changes,
    lines,
    view: () => feature.views.seatPlan(),
    open: async (id: string) => {
      room = id;
      await feature.classroomOpened();
    },
  };
}

const schoolPlan: SeatPlan = {
  seatPlan: 1,
  rows: 2,
  columns: 3,
  front: 'bottom',
  seats: [{ row: 1, column: 1, remoteId: '100000001' }],
};

describe("the teacher's plans", () => {
  it('start a room sized for its devices, keep each move on disk (0600, whole) and read it again', async () => {
    const dataDir = await tempDir();
    const first = await seatPlans(dataDir);
    expect(first.view()).toMatchObject({ classroomId: 'room-12', plan: null, source: null });
    await first.feature.actions.shapeSeatPlan({ classroomId: 'room-12' });
    expect(first.view().plan).toMatchObject({ rows: 4, columns: 6, seats: [] });
    await first.feature.actions.placeDevice({
      classroomId: 'room-12',
      remoteId: '100000007',
      seat: { row: 2, column: 3 },
    });
    expect(first.changes.at(-1)).toMatchObject({
      type: 'seat-plan',
      seatPlan: {
        source: 'teacher',
        plan: { seats: [{ remoteId: '100000007', name: 'R12-PC07' }] },
      },
    });
    const file = path.join(dataDir, SEAT_PLANS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Written whole: no temporary file left beside it.
    expect((await readdir(dataDir)).filter((name) => name.includes('.tmp'))).toEqual([]);
    const again = await seatPlans(dataDir);
    expect(again.view().plan?.seats).toEqual([
      { row: 2, column: 3, remoteId: '100000007', name: 'R12-PC07' },
    ]);
    // Another room has its own plan, none yet.
    await again.open('lab-1');
    expect(again.view()).toMatchObject({ classroomId: 'lab-1', plan: null });
  });

  it('of the demo stay in memory', async () => {
    const dataDir = await tempDir();
    const demo = await seatPlans(dataDir, { mode: 'demo' });
    await demo.feature.actions.shapeSeatPlan({ classroomId: 'room-12', rows: 2 });
    expect(demo.view().plan?.rows).toBe(2);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('set a damaged file aside and start empty', async () => {
    const dataDir = await tempDir();
    await writeFile(path.join(dataDir, SEAT_PLANS_FILE), '{"plans": {"room-12": {"rows": 99}}}');
    const damaged = await seatPlans(dataDir);
    expect(damaged.view().plan).toBeNull();
    expect(
      (await readdir(dataDir)).some((name) => name.startsWith(`${SEAT_PLANS_FILE}.corrupt-`)),
    ).toBe(true);
    expect(damaged.lines.join('\n')).toContain('set aside');
  });
});

describe('an import', () => {
  it('keeps a good plan and counts its seats naming devices the room lacks', async () => {
    const { feature, view } = await seatPlans(await tempDir());
    const text = planText({
      ...schoolPlan,
      seats: [...schoolPlan.seats, { row: 2, column: 2, remoteId: '999999999' }],
    });
    expect(await feature.actions.importSeatPlan({ classroomId: 'room-12', text })).toEqual({
      ok: true,
      notInRoom: 1,
    });
    expect(view().plan).toMatchObject({ rows: 2, columns: 3, front: 'bottom' });
  });

  it('keeps nothing of a refused file', async () => {
    const { feature, view, changes } = await seatPlans(await tempDir());
    const before = changes.length;
    const text = planText(schoolPlan).replace('"front": "bottom"', '"front": "bottom",');
    expect(await feature.actions.importSeatPlan({ classroomId: 'room-12', text })).toMatchObject({
      ok: false,
      problem: { code: 'notJson' },
    });
    expect(view().plan).toBeNull();
    expect(changes.length).toBe(before);
  });
});

describe("the school's plans", () => {
  async function schoolFolder(plans: Record<string, string>) {
    const folder = path.join(await tempDir(), 'plans');
    await mkdir(folder);
    for (const [name, text] of Object.entries(plans))
      await writeFile(path.join(folder, name), text);
    return folder;
  }

  it("show the room's plan from RoomPlansFolder, which the teacher adjusts into their own", async () => {
    const folder = await schoolFolder({ 'room-12.json': planText(schoolPlan) });
    const dataDir = await tempDir();
    const { feature, view } = await seatPlans(dataDir, {
      policy: () => ({ locked: { RoomPlansFolder: folder }, defaults: {} }),
    });
    expect(view()).toMatchObject({
      source: 'school',
      schoolPlan: true,
      locked: false,
      plan: schoolPlan,
    });
    await feature.actions.placeDevice({
      classroomId: 'room-12',
      remoteId: '100000002',
      seat: { row: 2, column: 3 },
    });
    expect(view()).toMatchObject({ source: 'teacher', schoolPlan: true });
    expect(view().plan?.seats).toHaveLength(2);
    await feature.actions.resetSeatPlan({ classroomId: 'room-12' });
    expect(view()).toMatchObject({ source: 'school', plan: schoolPlan });
    // The school's plan itself is never written into the teacher's file.
    expect(JSON.parse(await readFile(path.join(dataDir, SEAT_PLANS_FILE), 'utf8'))).toEqual({
      plans: {},
    });
  });

  it('are only shown, never changed, under RoomPlansLocked', async () => {
    const folder = await schoolFolder({ 'room-12.json': planText(schoolPlan) });
    const { feature, view } = await seatPlans(await tempDir(), {
      policy: () => ({ locked: { RoomPlansFolder: folder, RoomPlansLocked: true }, defaults: {} }),
    });
    expect(view()).toMatchObject({ source: 'school', locked: true });
    await expect(
      feature.actions.placeDevice({ classroomId: 'room-12', remoteId: '100000002', seat: null }),
    ).rejects.toMatchObject({
      refusal: { code: 'setBySchool', values: { setting: 'RoomPlansLocked' } },
    });
    await expect(
      feature.actions.importSeatPlan({ classroomId: 'room-12', text: planText(schoolPlan) }),
    ).rejects.toMatchObject({ refusal: { code: 'setBySchool' } });
  });

  it('are not read when broken, too large, or named by an id that leaves the folder', async () => {
    const folder = await schoolFolder({
      'room-12.json':
        '{"seatPlan": 1,\n "rows": 2,\n "columns": 3,\n "front": "top",\n "seats": [\n {"row": 1, "column": 1, "remoteId": "a"},\n {"row": 1, "column": 1, "remoteId": "b"}]}',
      'lab-1.json': ' '.repeat(1024 * 1024 + 10),
    });
    await writeFile(path.join(path.dirname(folder), 'outside.json'), planText(schoolPlan));
    const { view, lines, open } = await seatPlans(await tempDir(), {
      policy: () => ({ locked: {}, defaults: { RoomPlansFolder: folder } }),
    });
    expect(view()).toMatchObject({ plan: null, schoolPlan: false });
    expect(lines.join('\n')).toContain('room-12.json was not used: seatTaken (line 7)');
    await open('lab-1');
    expect(view().plan).toBeNull();
    expect(lines.join('\n')).toContain('lab-1.json is larger than a plan needs');
    await open('../outside');
    expect(view().plan).toBeNull();
  });
});
