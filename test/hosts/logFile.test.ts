import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, type LogSink } from '../../src-main/core/logger';
import {
  LOG_FILE_NAME,
  archivedLogFile,
  openLogFile,
  policySecrets,
  withoutAddressPaths,
} from '../../src-main/hosts/logFile';
import { tempDir } from '../support/tempDir';

function recordingConsole(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (line) => lines.push(`info ${line}`),
    warn: (line) => lines.push(`warn ${line}`),
    error: (line) => lines.push(`error ${line}`),
  };
}

const read = (file: string): string => fs.readFileSync(file, 'utf8');
const ENTRY = /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[(info|warn|error)\] +(.*)$/;

describe('openLogFile', () => {
  it('writes the lines the console shows, each with its time and level, in <folder>/classtray.log', async () => {
    const folder = path.join(await tempDir(), 'logs');
    const consoleSink = recordingConsole();
    const logFile = openLogFile(folder, { console: consoleSink });
    const log = createLogger(logFile.sink, 'core');
    log.info('A scheduled end ran.');
    log.warn('Settings file was not valid JSON.');
    log.error('Refreshing failed unexpectedly', new Error('boom'));

    expect(logFile.folder).toBe(folder);
    expect(logFile.file).toBe(path.join(folder, LOG_FILE_NAME));
    expect(consoleSink.lines).toEqual([
      'info [core] A scheduled end ran.',
      'warn [core] Settings file was not valid JSON.',
      expect.stringMatching(/^error \[core\] Refreshing failed unexpectedly\nError: boom\n/),
    ]);
    const entries = read(logFile.file)
      .split('\n')
      .filter((line) => ENTRY.test(line))
      .map((line) => ENTRY.exec(line)?.slice(1, 3));
    expect(entries).toEqual([
      ['info', '[core] A scheduled end ran.'],
      ['warn', '[core] Settings file was not valid JSON.'],
      ['error', '[core] Refreshing failed unexpectedly'],
    ]);
    // The stack follows its entry, indented: only entries start a line with "[".
    expect(read(logFile.file)).toMatch(/Refreshing failed unexpectedly\n {2}Error: boom\n {2}/);
  });

  it('writes to the file only through fileOnly', async () => {
    const consoleSink = recordingConsole();
    const logFile = openLogFile(path.join(await tempDir(), 'logs'), { console: consoleSink });
    logFile.fileOnly.warn('policy.json: Foo is not a ClassTray policy: ignored.');
    expect(consoleSink.lines).toEqual([]);
    expect(read(logFile.file)).toMatch(/\[warn\] +policy\.json: Foo is not a ClassTray policy/);
  });

  it.skipIf(process.platform === 'win32')(
    'makes the folder 0700 and the file 0600: only this user reads the log',
    async () => {
      const folder = path.join(await tempDir(), 'logs');
      const logFile = openLogFile(folder, { console: recordingConsole() });
      logFile.sink.info('first line');
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      expect(fs.statSync(logFile.file).mode & 0o777).toBe(0o600);
    },
  );

  it('no message forges an entry: a line break in it is indented', async () => {
    const logFile = openLogFile(path.join(await tempDir(), 'logs'), {
      console: recordingConsole(),
    });
    logFile.sink.warn('Device "A\n[2030-01-01 00:00:00.000] [error] forged" went offline');
    const lines = read(logFile.file).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('  [2030-01-01 00:00:00.000] [error] forged" went offline');
  });

  it('moves a full file to classtray.old.log: the folder holds at most two files of the cap', async () => {
    const folder = path.join(await tempDir(), 'logs');
    const logFile = openLogFile(folder, { console: recordingConsole(), maxBytes: 2_000 });
    for (let index = 0; index < 100; index++) {
      logFile.sink.info(`line ${String(index).padStart(3, '0')} ${'x'.repeat(60)}`);
    }
    const names = fs.readdirSync(folder).sort();
    expect(names).toEqual(['classtray.log', 'classtray.old.log']);
    for (const name of names) {
      // The cap plus the one line that crossed it.
      expect(fs.statSync(path.join(folder, name)).size).toBeLessThan(2_000 + 200);
    }
    expect(read(logFile.file)).toMatch(/line 099/);
    expect(read(archivedLogFile(logFile.file))).not.toMatch(/line 099/);

    // The last lines run across the two files, oldest first, and end with the newest.
    const both = [archivedLogFile(logFile.file), logFile.file].flatMap((file) =>
      read(file).trimEnd().split('\n'),
    );
    expect(logFile.lastLines(12).map((line) => /line (\d{3})/.exec(line)?.[1])).toEqual(
      Array.from({ length: 12 }, (_, index) => String(88 + index).padStart(3, '0')),
    );
    expect(logFile.lastLines(1_000)).toEqual(both);
  });

  it('answers no lines before anything was written', async () => {
    const logFile = openLogFile(path.join(await tempDir(), 'logs'), {
      console: recordingConsole(),
    });
    expect(logFile.lastLines(200)).toEqual([]);
  });
});

describe('withoutAddressPaths', () => {
  it.each([
    [
      'Timetable fetch failed: https://calendar.example/ical/private-4f1c/basic.ics: 404',
      'Timetable fetch failed: https://calendar.example/…: 404',
    ],
    ['webcal://school.example/feed?token=abc.', 'webcal://school.example/….'],
    ['(https://user:secret@service.example/api)', '(https://service.example/…)'],
    [
      'service https://service.example/ answered 500',
      'service https://service.example/ answered 500',
    ],
    [
      'service https://service.example answered 500',
      'service https://service.example answered 500',
    ],
    ['app://classtray/index.html did not load', 'app://classtray/index.html did not load'],
  ])('%s', (line, shown) => {
    expect(withoutAddressPaths(line)).toBe(shown);
  });
});

describe('redact', () => {
  it("keeps the policy's text values and their hosts out of the file, from then on, not off the console", async () => {
    const consoleSink = recordingConsole();
    const logFile = openLogFile(path.join(await tempDir(), 'logs'), { console: consoleSink });
    const line =
      'Update failed: getaddrinfo ENOTFOUND updates.school-secret.example (https://updates.school-secret.example/classtray/latest.yml), header X-School-Hdr';
    logFile.sink.warn(line);
    logFile.redact(
      policySecrets({
        inForce: [
          {
            name: 'UpdateFeedUrl',
            value: 'https://updates.school-secret.example/classtray',
            how: 'locked',
            source: 'policy.json',
          },
          { name: 'AuthHeader', value: 'X-School-Hdr', how: 'locked', source: 'policy.json' },
          { name: 'PollVisibleSeconds', value: 45, how: 'default', source: 'policy.json' },
          { name: 'UpdateChannel', value: 'beta', how: 'locked', source: 'policy.json' },
        ],
      }),
    );
    logFile.sink.warn(line);
    const [before, after] = read(logFile.file).trimEnd().split('\n');
    expect(before).toContain('updates.school-secret.example');
    expect(after).toMatch(
      /Update failed: getaddrinfo ENOTFOUND \[policy UpdateFeedUrl host\] \(\[policy UpdateFeedUrl\]\/latest\.yml\), header \[policy AuthHeader\]$/,
    );
    expect(consoleSink.lines).toEqual([`warn ${line}`, `warn ${line}`]);
  });

  it('names each text value and the host of each address', () => {
    expect(
      policySecrets({
        inForce: [
          { name: 'ServiceUrl', value: 'https://svc.example:8443/api', how: 'locked', source: 'p' },
          { name: 'AuthHeader', value: 'X-Token', how: 'default', source: 'p' },
          { name: 'StartAtLogin', value: true, how: 'locked', source: 'p' },
        ],
      }),
    ).toEqual({
      'policy ServiceUrl': 'https://svc.example:8443/api',
      'policy ServiceUrl host': 'svc.example:8443',
      'policy AuthHeader': 'X-Token',
    });
  });
});
