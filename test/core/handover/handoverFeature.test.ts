/**
 * A room handed over between two ClassTrays (two notebooks, two settings files): what the giver
 * keeps, what the taker tracks and schedules, the school's three answers, and every refusal
 * changing nothing. The KDF runs at a cheap cost; time is a fixed clock each test moves.
 */
import { describe, expect, it } from 'vitest';
import type { Sessions } from '../../../src-main/core/account/sessions';
import type { TrackedTemporalAccess } from '../../../src-main/core/accesses/accessSettings';
import { ApiInputError } from '../../../src-main/core/api/apiInput';
import { handoverFeature } from '../../../src-main/core/handover/handoverFeature';
import type { Notebook, NotebookContents } from '../../../src-main/core/settings/accountNotebook';
import { memoryNotebook } from '../../../src-main/core/settings/accountNotebook';
import { openSettings } from '../../../src-main/core/settings/settings';
import type { HandoverChoice } from '../../../src-shared/handover';
import { HANDOVER_VALID_MINUTES } from '../../../src-shared/handover';
import { tempDir } from '../../support/tempDir';
import { recordingLogger } from '../../support/recordingLogger';

const NOW = Date.parse('2026-12-02T10:00:00.000Z');
const PLANNED = '2026-12-02T11:40:00.000Z';
const token = (n: number) => `3f2c1a4e-8b7d-4c6e-9a1b-00000000000${n}`;

const given = (n: number, extra: Partial<TrackedTemporalAccess> = {}): TrackedTemporalAccess => ({
  token: token(n),
  label: `Student ${n}`,
  remoteId: String(100_000_000 + n),
  classroomId: 'lab-3',
  deviceAlias: `PC-${n}`,
  has2fa: true,
  addedAt: new Date(NOW - 600_000).toISOString(),
  ...extra,
});

interface Teacher {
  notebook: Notebook;
  feature: ReturnType<typeof handoverFeature>;
  clock: { now: number };
  setPolicy: (choice: HandoverChoice) => void;
}

async function teacher(contents: Partial<NotebookContents> = {}): Promise<Teacher> {
  const notebook = memoryNotebook({
    current: 'lab-3',
    recent: [{ id: 'lab-3', nickname: 'Lab 3' }],
    accesses: [],
    scheduledEnds: [],
    ...contents,
  });
  const settings = openSettings({ dataDir: await tempDir(), log: recordingLogger().log });
  const clock = { now: NOW };
  const sessions = { settledSession: async () => ({ notebook }) } as unknown as Sessions;
  const feature = handoverFeature(
    { clock: () => clock.now, settings, sessions },
    {
      accessesChanged: () => undefined,
      endsChanged: () => undefined,
      classroomsChanged: () => undefined,
      cost: { logN: 10, r: 8, p: 1 },
    },
  );
  return {
    notebook,
    feature,
    clock,
    setPolicy: (handover) => settings.update({ handover }),
  };
}

/** A's three accesses in Lab 3, one with an end of its own and the room's at PLANNED. */
const giver = () =>
  teacher({
    accesses: [given(1), given(2), given(3), given(4, { classroomId: 'lab-9' })],
    scheduledEnds: [
      { at: '2026-12-02T11:00:00.000Z', target: { token: token(2) } },
      { at: PLANNED, target: { classroomId: 'lab-3' } },
    ],
  });

/** Lab 3's accesses handed over without names, the giver keeping them too. */
const LAB_3 = { classroomId: 'lab-3', withNames: false, giverKeeps: 'keep' } as const;

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiInputError) return error.refusal?.code;
    throw error;
  }
  throw new Error('not refused');
}

describe('handing a room over', () => {
  it("takes the room's running accesses, with their planned ends, into the colleague's list", async () => {
    const a = await giver();
    const b = await teacher({ current: 'lab-1', recent: [{ id: 'lab-1' }] });
    const made = await a.feature.actions.makeHandover(LAB_3);
    expect(made).toMatchObject({ count: 3, withNames: false });
    expect(made.code).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);

    const taken = await b.feature.actions.takeHandover({ text: made.text, code: made.code });
    expect(taken).toEqual({
      count: 3,
      classroomId: 'lab-3',
      classroomName: 'Lab 3',
      endsAt: PLANNED,
      roomAdded: true,
    });
    const { accesses, scheduledEnds, recent, current } = b.notebook.read();
    expect(accesses.map((access) => access.token).sort()).toEqual([token(1), token(2), token(3)]);
    expect(accesses.every((access) => access.classroomId === 'lab-3')).toBe(true);
    expect(accesses.some((access) => access.label !== undefined)).toBe(false);
    // Each with the end planned for it: its own, else the room's.
    expect(scheduledEnds).toEqual([
      { at: '2026-12-02T11:00:00.000Z', target: { token: token(2) } },
      { at: PLANNED, target: { token: token(1) } },
      { at: PLANNED, target: { token: token(3) } },
    ]);
    // The room it did not have, by its id, as the giver named it; the open room stays.
    expect(recent[0]).toEqual({ id: 'lab-3', nickname: 'Lab 3' });
    expect(current).toBe('lab-1');
    // The giver keeps them, marked, endable.
    const kept = a.notebook.read().accesses.filter((access) => access.classroomId === 'lab-3');
    expect(kept.map((access) => access.handedOverAt)).toEqual([
      new Date(NOW).toISOString(),
      new Date(NOW).toISOString(),
      new Date(NOW).toISOString(),
    ]);
  });

  it("drops them from the giver's list, with their own ends, when the giver chose so", async () => {
    const a = await giver();
    await a.feature.actions.makeHandover({ ...LAB_3, giverKeeps: 'drop' });
    const { accesses, scheduledEnds } = a.notebook.read();
    expect(accesses.map((access) => access.token)).toEqual([token(4)]);
    expect(scheduledEnds).toEqual([{ at: PLANNED, target: { classroomId: 'lab-3' } }]);
  });

  it('refuses a room where nothing runs', async () => {
    const a = await giver();
    expect(await refusal(a.feature.actions.makeHandover({ ...LAB_3, classroomId: 'lab-1' }))).toBe(
      'handoverNothingRunning',
    );
  });
});

describe("the school's three answers", () => {
  async function names(choice: HandoverChoice): Promise<(string | undefined)[]> {
    const a = await giver();
    const b = await teacher();
    a.setPolicy(choice);
    b.setPolicy(choice);
    const made = await a.feature.actions.makeHandover({ ...LAB_3, withNames: true });
    await b.feature.actions.takeHandover({ text: made.text, code: made.code });
    return b.notebook
      .read()
      .accesses.map((access) => access.label)
      .sort();
  }

  it('with-names: the names go when the teacher ticks it', async () => {
    expect(await names('with-names')).toEqual(['Student 1', 'Student 2', 'Student 3']);
  });

  it('without-names: never a name, even ticked', async () => {
    expect(await names('without-names')).toEqual([undefined, undefined, undefined]);
  });

  it('off: neither made nor taken', async () => {
    const a = await giver();
    const b = await teacher();
    const made = await a.feature.actions.makeHandover(LAB_3);
    a.setPolicy('off');
    b.setPolicy('off');
    expect(await refusal(a.feature.actions.makeHandover(LAB_3))).toBe('handoverNotAllowed');
    expect(
      await refusal(b.feature.actions.takeHandover({ text: made.text, code: made.code })),
    ).toBe('handoverNotAllowed');
    expect(b.notebook.read().accesses).toEqual([]);
  });

  it('a name sealed in is dropped by a taker whose school allows none', async () => {
    const a = await giver();
    const b = await teacher();
    b.setPolicy('without-names');
    const made = await a.feature.actions.makeHandover({ ...LAB_3, withNames: true });
    expect(made.withNames).toBe(true);
    await b.feature.actions.takeHandover({ text: made.text, code: made.code });
    expect(b.notebook.read().accesses.some((access) => access.label !== undefined)).toBe(false);
  });
});

describe('a handover refused changes nothing', () => {
  async function refusedWith(
    change: (
      made: { text: string; code: string },
      b: Teacher,
    ) => Promise<{ text: string; code: string }>,
  ): Promise<{ code: string | undefined; before: NotebookContents; after: NotebookContents }> {
    const a = await giver();
    const b = await teacher({
      accesses: [given(7)],
      scheduledEnds: [{ at: PLANNED, target: { token: token(7) } }],
    });
    const made = await a.feature.actions.makeHandover(LAB_3);
    const before = structuredClone(b.notebook.read());
    const input = await change(made, b);
    const code = await refusal(b.feature.actions.takeHandover(input));
    return { code, before, after: b.notebook.read() };
  }

  it('with a wrong code', async () => {
    const { code, before, after } = await refusedWith(async ({ text }) => ({
      text,
      code: 'ABCDE-23456',
    }));
    expect(code).toBe('handoverCodeWrong');
    expect(after).toEqual(before);
  });

  it('with a text that is no code at all', async () => {
    const { code } = await refusedWith(async ({ text }) => ({ text, code: 'hello' }));
    expect(code).toBe('handoverCodeWrong');
  });

  it('after its time', async () => {
    const { code, before, after } = await refusedWith(async (made, b) => {
      b.clock.now = NOW + HANDOVER_VALID_MINUTES * 60_000;
      return made;
    });
    expect(code).toBe('handoverExpired');
    expect(after).toEqual(before);
  });

  it('altered by one byte', async () => {
    const { code, before, after } = await refusedWith(async ({ text, code: typed }) => {
      const at = text.length - 20;
      const other = text[at] === 'A' ? 'B' : 'A';
      return { text: `${text.slice(0, at)}${other}${text.slice(at + 1)}`, code: typed };
    });
    expect(code).toBe('handoverCodeWrong');
    expect(after).toEqual(before);
  });

  it('the second time', async () => {
    const { code, after } = await refusedWith(async (made, b) => {
      await b.feature.actions.takeHandover(made);
      // Ended meanwhile and cleared: a second take must not bring them back.
      b.notebook.write({ accesses: [] });
      return { text: made.text, code: made.code.toLowerCase().replace('-', ' ') };
    });
    expect(code).toBe('handoverTakenAlready');
    expect(after.accesses).toEqual([]);
  });

  it('not a handover', async () => {
    const { code } = await refusedWith(async ({ code: typed }) => ({
      text: 'https://remote.example/access/3f2c1a4e-8b7d-4c6e-9a1b-000000000001',
      code: typed,
    }));
    expect(code).toBe('handoverUnreadable');
  });
});
