/**
 * The preview's log, as IT would read it after a run that used every kind of secret ClassTray
 * holds: an API token (CLASSTRAY_TOKEN, and a wrong one pasted in Settings), a device password
 * copied, a calendar subscription's address (one that answers, one that then fails, one that
 * does not exist), and a school policy whose values are addresses and names, and whose ignored
 * entries hold a token and a calendar address; and the preview's own: the launch page's keys and
 * the session cookie. In-process, on the real core, the real local service and a real feed
 * server; the log file is read back and scanned for each secret, and so is the diagnostics text
 * (and what the terminal shows, for the preview's keys).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { parseAccountData } from '../../src-main/local-service/fixture';
import type { RunningPreview } from '../../src-main/preview/runPreview';
import { runPreview } from '../../src-main/preview/runPreview';
import { calendarText } from '../support/calendarText';
import { feedServers } from '../support/feedServer';
import { accountFixture, device } from '../support/fixtures';
import { tempDir } from '../support/tempDir';
import { rendererDir } from './previewApp';
import { launchKey, signIn } from './session';

const startFeed = feedServers();

const TOKEN = 'api-token-Zq8v3LmT0kP2';
const WRONG_TOKEN = 'pasted-token-Wr0ng9Hx4';
const PASSWORD = 'device-pw-Xy7Qe2Vb';
const AUTH_HEADER = 'X-School-Hdr-7Qp';
const UPDATE_FEED = 'https://updates.policy-secret-9k.example/classtray';
const POLICY_TOKEN = 'policy-api-token-Kd9s';
const POLICY_TIMETABLE = 'https://timetable.policy-secret-3j.example/teacher.ics';
const NOT_A_POLICY = 'not-a-policy-value-W3t';
const RULE_BROKEN = 'yes-string-value-R5u';
const MISSING_FEED = 'http://127.0.0.1:9/private-calendar-Mq2/basic.ics?token=feed-token-Lz6';

let dataDir: string;
let staticDir: string;
let service: RunningLocalService | null;
let preview: RunningPreview | null;

beforeEach(async () => {
  dataDir = await tempDir('classtray-log-secrets');
  staticDir = await rendererDir();
  service = null;
  preview = null;
});
afterEach(async () => {
  await preview?.close();
  await service?.close();
  await rm(staticDir, { recursive: true, force: true });
});

/** Every entry of the log folder, read whole. */
function logText(): string {
  const folder = join(dataDir, 'logs');
  return readdirSync(folder)
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .join('\n');
}

describe("the preview's log", () => {
  it('holds what happened and no token, password, calendar address or policy value', async () => {
    const fixture = accountFixture(6);
    fixture.devices[0] = device(0, { classroom: 'room-a', remote_password: PASSWORD });
    service = await startLocalService({
      token: TOKEN,
      authHeader: AUTH_HEADER,
      fixture: parseAccountData(fixture, 'test fixture'),
    });
    const feed = await startFeed(
      calendarText([
        {
          uid: 'maths',
          start: Date.now() + 3_600_000,
          end: Date.now() + 6_600_000,
          summary: 'Maths',
          location: 'R-A',
        },
      ]),
    );
    const policyFile = join(await tempDir('classtray-log-policy'), 'policy.json');
    await writeFile(
      policyFile,
      JSON.stringify({
        ServiceUrl: service.url,
        AuthHeader: AUTH_HEADER,
        UpdateFeedUrl: UPDATE_FEED,
        ApiToken: POLICY_TOKEN,
        TimetableUrl: POLICY_TIMETABLE,
        NotAClassTrayPolicy: NOT_A_POLICY,
        DemoDataAllowed: RULE_BROKEN,
      }),
    );

    const consoleLines: string[] = [];
    const printed: string[] = [];
    const running = await runPreview(
      [
        '--data-dir',
        dataDir,
        '--port',
        '0',
        '--no-open',
        '--service-url',
        service.url,
        '--classroom',
        'room-a',
        '--policy-file',
        policyFile,
      ],
      { CLASSTRAY_TOKEN: TOKEN },
      {
        rendererDir: staticDir,
        print: (line) => printed.push(line),
        logConsole: {
          info: (line) => consoleLines.push(line),
          warn: (line) => consoleLines.push(line),
          error: (line) => consoleLines.push(line),
        },
        classTray: { loadKeytar: () => Promise.reject(new Error('no keychain in tests')) },
      },
    );
    if (running === null) throw new Error('runPreview printed its help instead of starting.');
    preview = running;
    const firstKey = await launchKey(running.launchUrl);
    const cookie = await signIn(running);
    const nextKey = await launchKey(running.launchUrl);
    const post = async (route: string, body: unknown = {}) => {
      const response = await fetch(`${running.url}${route}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    expect((await post('/api/actions/refresh')).status).toBe(200);
    // The password is copied (the page writes it to the clipboard): it reached the page.
    expect((await post('/api/copy-password', { remoteId: '100000000' })).body).toMatchObject({
      password: PASSWORD,
    });
    // A subscription that answers, then fails, and one that does not exist.
    expect(
      (await post('/api/actions/setTimetableSource', { kind: 'subscription', url: feed.url }))
        .status,
    ).toBe(200);
    feed.behaviour = 'error-500';
    expect((await post('/api/actions/refreshTimetable')).status).toBe(200);
    expect(
      (await post('/api/actions/setTimetableSource', { kind: 'subscription', url: MISSING_FEED }))
        .status,
    ).not.toBe(200);
    // A wrong token pasted in Settings.
    expect(
      (
        await post('/api/actions/connectService', {
          serviceUrl: service.url,
          token: WRONG_TOKEN,
        })
      ).status,
    ).toBeLessThan(600);
    const diagnostics = (await post('/api/diagnostics')).body.text as string;
    await preview.close();
    preview = null;

    const log = logText();
    // The run is there: its start, the policy's problems, the timetable's failure.
    expect(log).toMatch(/\[info\] +\[preview\] ClassTray \S+ preview starting \(Node /);
    expect(log).toMatch(/ApiToken is never a policy/);
    expect(log).toMatch(/TimetableUrl is never a policy/);
    expect(log).toMatch(/NotAClassTrayPolicy is not a ClassTray policy/);
    expect(log).toMatch(/\[warn\] +\[core(:[a-z]+)*\] Timetable fetch failed/);
    // Every console line is in the file too, with the policy's values named, not written (the
    // rejected token's line names the service and its header).
    expect(consoleLines.length).toBeGreaterThan(0);
    const serviceUrl = service?.url ?? 'no service';
    const asFiled = (line: string) =>
      line
        .replaceAll(serviceUrl, '[policy ServiceUrl]')
        .replaceAll(AUTH_HEADER, '[policy AuthHeader]');
    for (const line of consoleLines) expect(log).toContain(asFiled(line.split('\n')[0] ?? ''));
    expect(log).toMatch(
      /\[warn\] +\[core:account\] Connecting to \[policy ServiceUrl\]: the service rejected the API token/,
    );

    const secrets = {
      token: TOKEN,
      'wrong token': WRONG_TOKEN,
      password: PASSWORD,
      'calendar address': feed.url,
      "calendar address's path": new URL(feed.url).pathname,
      "calendar address's key": new URL(feed.url).searchParams.get('key') ?? 'no key',
      'missing calendar address': MISSING_FEED,
      "missing calendar's path": 'private-calendar-Mq2',
      "missing calendar's token": 'feed-token-Lz6',
      'policy ServiceUrl': service.url,
      'policy AuthHeader': AUTH_HEADER,
      'policy UpdateFeedUrl': UPDATE_FEED,
      "policy UpdateFeedUrl's host": new URL(UPDATE_FEED).host,
      'policy ApiToken': POLICY_TOKEN,
      'policy TimetableUrl': POLICY_TIMETABLE,
      "policy TimetableUrl's host": new URL(POLICY_TIMETABLE).host,
      'unknown policy value': NOT_A_POLICY,
      'value breaking a rule': RULE_BROKEN,
      'launch key used': firstKey,
      'launch key written after it': nextKey,
      'session cookie': cookie.slice(cookie.indexOf('=') + 1),
    };
    const found = (text: string) =>
      Object.entries(secrets)
        .filter(([, secret]) => text.includes(secret))
        .map(([name]) => name);
    expect(found(log)).toEqual([]);
    // The terminal names the launch page, never its key or the cookie.
    const terminal = printed.join('\n');
    expect(terminal).toContain(running.launchUrl);
    for (const secret of [firstKey, nextKey, cookie.slice(cookie.indexOf('=') + 1)]) {
      expect(terminal).not.toContain(secret);
    }

    // The diagnostics: the policy by key and source, the log's lines, and no secret either.
    expect(diagnostics).toContain(`  ServiceUrl: locked, from ${policyFile}`);
    expect(diagnostics).toContain(`  AuthHeader: locked, from ${policyFile}`);
    expect(diagnostics).toMatch(/ApiToken is never a policy/);
    expect(diagnostics).toMatch(/preview starting/);
    expect(found(diagnostics)).toEqual([]);
  });
});
