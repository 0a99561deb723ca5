import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { TestContext } from 'vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { TeacherFacingError } from '../../../src-main/core/api/teacherFacing';
import { resolveDataDir } from '../../../src-main/core/settings/dataDir';
import {
  SettingsFileError,
  SettingsValidationError,
  openSettings,
} from '../../../src-main/core/settings/settings';
import {
  defaultSettings,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../src-main/core/settings/settingsSchema';
import type { RecordingLogger } from '../../support/recordingLogger';
import { recordingLogger } from '../../support/recordingLogger';
import { tempDir } from '../../support/tempDir';
import { childProcesses } from '../../support/childProcesses';
import { MAX_SCHEDULED_ENDS } from '../../../src-shared/limits';
import { thrownBy } from '../../support/thrownBy';

const NOW = Date.parse('2025-01-02T03:04:05.678Z');
const ASIDE_SUFFIX = '.corrupt-2025-01-02T03-04-05.678Z';

let dataDir: string;
let logger: RecordingLogger;
let warnings: string[];

beforeEach(async () => {
  dataDir = await tempDir('classtray-settings');
  logger = recordingLogger();
  warnings = logger.lines;
});

const open = () => openSettings({ dataDir, log: logger.log, now: () => NOW });
const settingsFile = () => path.join(dataDir, 'settings.json');
const writeSettingsFile = (text: string) => fs.writeFileSync(settingsFile(), text);
const readSettingsFile = () => fs.readFileSync(settingsFile(), 'utf8');

const trackedAccess: Settings['temporalAccesses'][number] = {
  token: '123e4567-e89b-12d3-a456-426614174000',
  label: 'Ana, laptop 3',
  remoteId: '123456789',
  addedAt: '2025-01-02T03:00:00.000Z',
  lastOutcome: {
    kind: 'invalidated',
    sessionExpiresAt: '2025-01-02T03:05:00.000Z',
    learnedAt: '2025-01-02T03:04:31.000Z',
  },
};

describe('settings on first run', () => {
  it('uses the defaults without warning', () => {
    const settings = open().get();

    expect(settings).toEqual(defaultSettings());
    expect(settings).toMatchObject({
      serviceUrl: null,
      authHeader: 'X-Token-SVC',
      mode: 'demo',
      classrooms: { current: null, recent: [] },
      poll: { visibleSeconds: 10, hiddenSeconds: 60 },
      notifications: { deviceChanges: false },
      language: 'system',
      startAtLogin: false,
      temporalAccesses: [],
    });
    expect(warnings).toEqual([]);
  });

  it('hands out a frozen object', () => {
    const settings = open().get() as Settings;

    expect(() => {
      settings.mode = 'service';
    }).toThrow(TypeError);
    expect(() => settings.classrooms.recent.push({ id: 'x' })).toThrow(TypeError);
  });
});

describe('settings round trip', () => {
  it('keeps every field across a restart', () => {
    const store = open();
    store.update({
      serviceUrl: 'https://school.example.com/api',
      authHeader: 'X-Api-Key',
      mode: 'service',
      classrooms: { current: 'room-7', recent: [{ id: 'room-7', nickname: 'Lab' }, { id: 'b2' }] },
      poll: { visibleSeconds: 20 },
      notifications: { deviceChanges: true },
      language: 'es',
      startAtLogin: true,
      temporalAccesses: [
        trackedAccess,
        { token: 'AAAAAAAA-0000-4000-8000-000000000000', addedAt: '2025-01-02T03:00:00Z' },
        {
          token: 'BBBBBBBB-0000-4000-8000-000000000000',
          remoteId: '987654321',
          classroomId: 'room-7',
          deviceAlias: 'R7-PC01',
          has2fa: false,
          addedAt: '2025-01-02T03:00:00Z',
        },
      ],
    });

    const reopened = open().get();

    expect(reopened).toEqual(store.get());
    expect(reopened.poll).toEqual({ visibleSeconds: 20, hiddenSeconds: 60 });
    expect(reopened.temporalAccesses[0]).toEqual(trackedAccess);
    // What was recorded of the device when added comes back with it.
    expect(reopened.temporalAccesses[2]).toMatchObject({ classroomId: 'room-7', has2fa: false });
    expect(warnings).toEqual([]);
  });
});

describe('a corrupt settings file', () => {
  it('is moved aside with a warning when it is not JSON, and defaults are used', () => {
    const broken = '{"mode": "serv';
    writeSettingsFile(broken);

    const settings = open().get();

    expect(settings).toEqual(defaultSettings());
    expect(fs.readFileSync(settingsFile() + ASIDE_SUFFIX, 'utf8')).toBe(broken);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(settingsFile() + ASIDE_SUFFIX);
  });

  it('is moved aside when it is JSON but not an object', () => {
    writeSettingsFile('[1, 2]');

    expect(open().get()).toEqual(defaultSettings());
    expect(fs.readFileSync(settingsFile() + ASIDE_SUFFIX, 'utf8')).toBe('[1, 2]');
    expect(warnings).toHaveLength(1);
  });

  it('loses only its invalid fields, keeping the original aside', () => {
    const original = JSON.stringify({
      mode: 'service',
      poll: { visibleSeconds: 1, hiddenSeconds: 120 },
      temporalAccesses: [trackedAccess],
      apiToken: 'do-not-keep-me',
    });
    writeSettingsFile(original);

    const settings = open().get();

    expect(settings.mode).toBe('service');
    expect(settings.temporalAccesses).toEqual([trackedAccess]);
    expect(settings.poll).toEqual(defaultSettings().poll);
    expect(fs.readFileSync(settingsFile() + ASIDE_SUFFIX, 'utf8')).toBe(original);
    expect(readSettingsFile()).not.toContain('do-not-keep-me');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('poll.visibleSeconds');
    expect(warnings[0]).toContain('apiToken');
    expect(warnings[0]).not.toContain('do-not-keep-me');
  });
});

describe('a settings file damaged in part', () => {
  it('drops only the tracked accesses that are malformed or repeated', () => {
    const second = {
      token: 'AAAAAAAA-0000-4000-8000-000000000000',
      addedAt: '2025-01-02T03:00:00Z',
    };
    writeSettingsFile(
      JSON.stringify({
        mode: 'service',
        temporalAccesses: [
          trackedAccess,
          { ...trackedAccess, addedAt: 'yesterday' },
          second,
          second,
        ],
      }),
    );

    const settings = open().get();

    expect(settings.mode).toBe('service');
    expect(settings.temporalAccesses).toEqual([trackedAccess, second]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('temporalAccesses.1.addedAt');
    expect(warnings[0]).toContain('temporalAccesses.3 tracks a temporal access twice');
    expect(open().get().temporalAccesses).toEqual([trackedAccess, second]);
  });

  it("keeps every access state, a failure's reason too, and loads a file written before them", () => {
    const learnedAt = '2025-01-02T03:04:31.000Z';
    const access = (n: number, lastOutcome?: object) => ({
      token: `bbbbbbbb-0000-4000-8000-00000000000${n}`,
      addedAt: '2025-01-02T03:00:00.000Z',
      ...(lastOutcome === undefined ? {} : { lastOutcome }),
    });
    const accesses = [
      // As files were written before the classroom and failures were kept.
      access(1),
      access(2, { kind: 'already-ended', learnedAt }),
      access(3, { kind: 'unknown', learnedAt }),
      access(4, { kind: 'failed', problem: { kind: 'network', detail: 'down' }, learnedAt }),
    ];
    writeSettingsFile(JSON.stringify({ mode: 'service', temporalAccesses: accesses }));

    expect(open().get().temporalAccesses).toEqual(accesses);
    expect(warnings).toEqual([]);
  });

  it('drops only the scheduled ends that are malformed or repeated, keeping the rest soonest first', () => {
    const accessEnd = { at: '2025-01-02T10:50:00.000Z', target: { token: trackedAccess.token } };
    const classroomEnd = { at: '2025-01-02T09:40:00+01:00', target: { classroomId: 'room-7' } };
    writeSettingsFile(
      JSON.stringify({
        mode: 'service',
        temporalAccesses: [trackedAccess],
        scheduledEnds: [
          accessEnd,
          { at: 'ten to eleven', target: { classroomId: 'room-8' } },
          { at: accessEnd.at, target: { token: 'not-a-token' } },
          { ...classroomEnd, target: { classroomId: 'room-7', token: trackedAccess.token } },
          classroomEnd,
          { ...classroomEnd, at: '2025-01-02T11:00:00.000Z' },
        ],
      }),
    );

    const settings = open().get();

    expect(settings.mode).toBe('service');
    expect(settings.temporalAccesses).toEqual([trackedAccess]);
    expect(settings.scheduledEnds).toEqual([classroomEnd, accessEnd]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('scheduledEnds.1.at');
    expect(warnings[0]).toContain('scheduledEnds.2.target');
    expect(warnings[0]).toContain('scheduledEnds.3.target');
    expect(warnings[0]).toContain('scheduledEnds.5 schedules the end of the same target twice');
    expect(open().get().scheduledEnds).toEqual([classroomEnd, accessEnd]);
  });

  it('keeps the soonest scheduled ends when there are more than it holds', () => {
    const ends = Array.from({ length: MAX_SCHEDULED_ENDS + 2 }, (_, index) => ({
      at: new Date(NOW + (MAX_SCHEDULED_ENDS + 2 - index) * 60_000).toISOString(),
      target: { classroomId: `room-${index}` },
    }));
    writeSettingsFile(JSON.stringify({ scheduledEnds: ends }));

    const { scheduledEnds } = open().get();

    expect(scheduledEnds).toHaveLength(MAX_SCHEDULED_ENDS);
    expect(scheduledEnds[0]).toEqual(ends.at(-1));
    expect(scheduledEnds.map(({ target }) => target)).not.toContainEqual({ classroomId: 'room-0' });
    expect(warnings[0]).toContain('the latest 2 dropped');
  });

  it('is read with a UTF-8 byte order mark, which is taken off the file', () => {
    writeSettingsFile(
      `\uFEFF${JSON.stringify({ mode: 'service', temporalAccesses: [trackedAccess] })}`,
    );

    const settings = open().get();

    expect(settings.mode).toBe('service');
    expect(settings.temporalAccesses).toEqual([trackedAccess]);
    expect(warnings).toEqual([]);
    expect(readSettingsFile().startsWith('{')).toBe(true);
  });
});

describe('a settings file from before the bell was asked room by room (issue 43)', () => {
  const written = (endAtBell: boolean | null, rooms: string[]) =>
    JSON.stringify({
      timetable: {
        source: 'file',
        places: rooms.map((classroomId, index) => ({ place: `Place ${index}`, classroomId })),
        endAtBell,
      },
    });
  const answers = () => open().get().timetable.bell;

  it('keeps a yes for the one room it named, and asks again where a yes could cover a room mapped after it', () => {
    writeSettingsFile(written(true, ['room-12']));
    expect(answers()).toEqual([{ classroomId: 'room-12', endsAccesses: true }]);
    expect(JSON.parse(readSettingsFile())).toMatchObject({
      timetable: { bell: [{ classroomId: 'room-12', endsAccesses: true }] },
    });
    expect(readSettingsFile()).not.toContain('endAtBell');
    expect(warnings.join('\n')).toContain('older version');

    writeSettingsFile(written(true, ['room-12', 'music']));
    expect(answers()).toEqual([]);
  });

  it('keeps a no for every room mapped, and nothing for a question never answered', () => {
    writeSettingsFile(written(false, ['room-12', 'music', 'room-12']));
    expect(answers()).toEqual([
      { classroomId: 'room-12', endsAccesses: false },
      { classroomId: 'music', endsAccesses: false },
    ]);
    writeSettingsFile(written(null, ['room-12']));
    const settings = open().get();
    expect(settings.timetable.bell).toEqual([]);
    // Nothing else of the timetable is lost.
    expect(settings.timetable.places).toHaveLength(1);
  });
});

describe('a settings file that cannot be used', () => {
  const runSettings = childProcesses();
  const settingsOnce = (test: TestContext, folder: string) =>
    runSettings.unprivileged(
      test,
      path.join(process.cwd(), 'test', 'support', 'settingsOnce.ts'),
      [folder],
      /never/,
    );

  it('is a sentence when settings.json is a folder', () => {
    fs.mkdirSync(settingsFile());

    expect(open).toThrow(SettingsFileError);
    expect(open).toThrow(`ClassTray cannot read its settings: ${settingsFile()} is a folder.`);
  });

  it('is a sentence, and no change in memory, when a write fails at run time', () => {
    const store = open();
    store.update({ language: 'en' });
    const before = store.get();
    // A folder where the file was: the write's rename onto it fails, whoever runs the test.
    fs.rmSync(settingsFile());
    fs.mkdirSync(settingsFile());

    const thrown = thrownBy(() => store.update({ language: 'es' }));

    // The hosts show a teacher-facing error to the teacher: the window in its language (the
    // refusal), the CLI and the log as the English sentence, which says why.
    expect(thrown).toBeInstanceOf(TeacherFacingError);
    expect((thrown as Error).message).toBe(
      `Your change was not saved: ${settingsFile()} is a folder.`,
    );
    expect((thrown as TeacherFacingError).refusal).toEqual({
      code: 'settingsNotSaved',
      values: { file: settingsFile() },
    });
    expect(warnings).toContainEqual(
      expect.stringContaining(`Your change was not saved: ${settingsFile()} is a folder.`),
    );
    expect(store.get()).toBe(before);
  });

  it('says when the settings file may not be read', async (test) => {
    fs.chmodSync(dataDir, 0o755);
    writeSettingsFile('{}');
    fs.chmodSync(settingsFile(), 0o000);
    const run = await settingsOnce(test, dataDir);

    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toBe(
      `SettingsFileError: ClassTray is not allowed to read its settings file ${settingsFile()}. Give your user access to it and start ClassTray again.\n`,
    );
  });

  it('says when the data folder may not be written', async (test) => {
    fs.chmodSync(dataDir, 0o555);
    const run = await settingsOnce(test, dataDir);

    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toBe(
      `opened\nSettingsFileError: Your change was not saved: ClassTray is not allowed to write in the folder ${dataDir}.\n`,
    );
  });
});

describe('any settings file', () => {
  it('loads as valid settings without throwing', () => {
    const field = fc.constantFrom(...Object.keys(defaultSettings()), 'apiToken');
    const file = fc.oneof(
      fc.dictionary(field, fc.jsonValue()).map((object) => JSON.stringify(object)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
    );
    fc.assert(
      fc.property(file, (text) => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        fs.mkdirSync(dataDir);
        writeSettingsFile(text);

        expect(settingsSchema.safeParse(open().get()).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a bad update', () => {
  it.each<[string, SettingsPatch]>([
    ['poll.visibleSeconds', { poll: { visibleSeconds: 4 } }],
    ['poll.hiddenSeconds', { poll: { hiddenSeconds: 3601 } }],
    ['serviceUrl', { serviceUrl: 'ftp://school.example.com' }],
    ['serviceUrl', { serviceUrl: 'not a url' }],
    ['authHeader', { authHeader: 'X Token' }],
    ['mode', { mode: 'offline' as Settings['mode'] }],
    ['classrooms.recent', { classrooms: { recent: [{ id: 'a' }, { id: 'a' }] } }],
    [
      'classrooms.recent',
      { classrooms: { recent: Array.from({ length: 11 }, (_, i) => ({ id: `room-${i}` })) } },
    ],
    ['temporalAccesses.0.token', { temporalAccesses: [{ ...trackedAccess, token: 'abc' }] }],
    ['temporalAccesses.0.addedAt', { temporalAccesses: [{ ...trackedAccess, addedAt: 'today' }] }],
  ])('naming %s is rejected and nothing is written', (field, patch) => {
    const store = open();
    store.update({ language: 'en' });
    const before = readSettingsFile();
    const settingsBefore = store.get();

    const thrown = thrownBy(() => store.update(patch));

    expect(thrown).toBeInstanceOf(SettingsValidationError);
    expect((thrown as SettingsValidationError).field).toBe(field);
    expect((thrown as SettingsValidationError).message).toContain(field);
    expect(readSettingsFile()).toBe(before);
    expect(store.get()).toBe(settingsBefore);
  });
});

describe('no token field', () => {
  it.each<[string, unknown]>([
    ['apiToken', { apiToken: 'secret-value-1' }],
    ['token', { token: 'secret-value-1' }],
    ['notifications.token', { notifications: { token: 'secret-value-1' } }],
    [
      'temporalAccesses.0.apiToken',
      { temporalAccesses: [{ ...trackedAccess, apiToken: 'secret-value-1' }] },
    ],
  ])('%s is refused without echoing its value', (field, patch) => {
    const store = open();

    expect(() => store.update(patch as SettingsPatch)).toThrow(
      expect.objectContaining({ field, message: expect.not.stringContaining('secret-value-1') }),
    );
    expect(fs.existsSync(settingsFile()) ? readSettingsFile() : '').not.toContain('secret-value-1');
  });

  it('refuses credentials inside the service URL', () => {
    const store = open();

    expect(() =>
      store.update({ serviceUrl: 'https://teacher:secret-value-1@school.example.com' }),
    ).toThrow(
      expect.objectContaining({
        field: 'serviceUrl',
        message: expect.not.stringContaining('secret-value-1'),
      }),
    );
  });

  it.each([
    'https://school.example.com/api?token=secret-value-1',
    'https://school.example.com/api?api_key=secret-value-1',
    'https://school.example.com/?key=secret-value-1',
    'https://school.example.com/api?password=secret-value-1&x=1',
    'https://school.example.com/api#access_token=secret-value-1',
    'https://school.example.com/api?',
  ])('refuses a query or fragment in the service URL, where a credential could hide: %s', (url) => {
    const store = open();
    expect(() => store.update({ serviceUrl: url })).toThrow(
      expect.objectContaining({
        field: 'serviceUrl',
        message: expect.stringMatching(/must not contain a query/),
      }),
    );
    expect(fs.existsSync(settingsFile()) ? readSettingsFile() : '').not.toContain('secret-value-1');
  });
});

describe('the data directory', () => {
  const home = '/home/ana';

  it('comes from --data-dir first, then CLASSTRAY_DATA_DIR', () => {
    const env = { CLASSTRAY_DATA_DIR: '/from/env' };

    expect(resolveDataDir({ argv: ['--data-dir', '/from/args'], env })).toBe('/from/args');
    expect(resolveDataDir({ argv: ['--data-dir=/from/args'], env })).toBe('/from/args');
    expect(resolveDataDir({ argv: ['--port', '3000'], env })).toBe('/from/env');
    expect(resolveDataDir({ argv: ['--data-dir', 'relative'], env: {} })).toBe(
      path.resolve('relative'),
    );
  });

  it('refuses --data-dir without a directory', () => {
    expect(() => resolveDataDir({ argv: ['--data-dir'], env: {} })).toThrow(/needs a directory/);
    expect(() => resolveDataDir({ argv: ['--data-dir', '--port'], env: {} })).toThrow(
      /needs a directory/,
    );
  });

  it("defaults to the OS's app-data place for ClassTray", () => {
    const at = (platform: NodeJS.Platform, env: Record<string, string> = {}) =>
      resolveDataDir({ argv: [], env, platform, homeDir: home });

    expect(at('linux')).toBe('/home/ana/.config/ClassTray');
    expect(at('linux', { XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/ClassTray');
    expect(at('linux', { XDG_CONFIG_HOME: 'relative' })).toBe('/home/ana/.config/ClassTray');
    expect(at('darwin')).toBe('/home/ana/Library/Application Support/ClassTray');
    expect(at('win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' })).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\ClassTray',
    );
  });
});
