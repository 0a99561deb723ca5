/**
 * Policies that survive a redeploy (issue 33): a real policy file replaced step by step as IT's
 * tools replace it, the reader reading after every step. docs/school-it.md's `install -m 644 -o root` unlinks
 * the file, creates it 0600, writes it and sets 644; `mv` renames a new file over it; editors
 * rename the old one aside or rewrite it in place. The test drives both the steps and the reads
 * (no sleeps, no second process): every read must find a policy, and each problem is said once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ManagedPolicy } from '../../../src-main/core/policy/policyChecker';
import type { PolicySystem } from '../../../src-main/core/policy/policySources';
import {
  MAX_POLICY_BYTES,
  POLICY_ABSENCE_GRACE_MS,
  PolicyReader,
  readFileHead,
} from '../../../src-main/core/policy/policySources';
import { LINUX_POLICY_FILE } from '../../../src-main/core/policy/policyTable';
import { tempDir } from '../../support/tempDir';

const A = { ServiceUrl: 'https://remote.school.example', UpdatesEnabled: false };
const B = {
  ServiceUrl: 'https://remote.school.example',
  UpdatesEnabled: false,
  StartAtLogin: true,
};
/** One key the app ignores: its line must be said once, however often the file is redeployed. */
const withUnknownKey = { ...A, Colour: 'blue' };

/**
 * Linux's policy file mapped onto a real file in a temporary folder. The test's user stands for
 * root (the folder is the test's): a file it owns reads as root's, so the owner rule still runs.
 */
async function realPolicyFile() {
  const folder = await tempDir('classtray-redeploy');
  const file = path.join(folder, 'policy.json');
  const uid = process.getuid?.() ?? 0;
  const real = (name: string) => (name === LINUX_POLICY_FILE ? file : name);
  const system: PolicySystem = {
    platform: 'linux',
    lstat: (name) => {
      const stats = fs.lstatSync(real(name));
      return {
        isFile: () => stats.isFile(),
        uid: stats.uid === uid ? 0 : stats.uid,
        mode: stats.mode,
        size: stats.size,
      };
    },
    readFile: (name, maxBytes) => readFileHead(real(name), maxBytes),
    run: () => Promise.reject(new Error('no commands on Linux')),
    userName: 'teacher',
    systemRoot: '',
  };
  return { folder, file, system };
}

const text = (policy: object): string => `${JSON.stringify(policy, null, 2)}\n`;

/** The steps of one redeploy of `next` over `file`; `read` runs after each step. */
type Redeploy = (file: string, next: string, read: () => Promise<void>) => Promise<void>;

/** GNU install -m 644: unlink, create 0600, write (in two writes here), close, chmod 644. */
const installWay: Redeploy = async (file, next, read) => {
  fs.unlinkSync(file);
  await read();
  const handle = fs.openSync(
    file,
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL,
    0o600,
  );
  await read();
  const half = Math.floor(next.length / 2);
  fs.writeSync(handle, next.slice(0, half));
  await read();
  fs.writeSync(handle, next.slice(half));
  fs.closeSync(handle);
  await read();
  fs.chmodSync(file, 0o644);
  await read();
};

/** `install` into a temporary name, then `mv` over the policy: one rename. */
const renameOver: Redeploy = async (file, next, read) => {
  const draft = `${file}.new`;
  fs.writeFileSync(draft, next, { mode: 0o644 });
  await read();
  fs.renameSync(draft, file);
  await read();
};

/** An editor keeping a backup: the old file renamed aside, the new one written, the backup removed. */
const backupAside: Redeploy = async (file, next, read) => {
  fs.renameSync(file, `${file}~`);
  await read();
  fs.writeFileSync(file, next.slice(0, 5), { mode: 0o644 });
  await read();
  fs.appendFileSync(file, next.slice(5));
  await read();
  fs.unlinkSync(`${file}~`);
  await read();
};

/** An editor writing in place: truncate, then write. */
const inPlace: Redeploy = async (file, next, read) => {
  fs.truncateSync(file, 0);
  await read();
  fs.appendFileSync(file, next.slice(0, 7));
  await read();
  fs.appendFileSync(file, next.slice(7));
  await read();
};

async function redeploys(way: Redeploy, times: number, contents: readonly string[]) {
  const { file, system } = await realPolicyFile();
  fs.writeFileSync(file, contents[0] ?? '', { mode: 0o644 });
  let now = 0;
  const lines: string[] = [];
  const reader = new PolicyReader(system, (line) => lines.push(line), { now: () => now });
  const found: ManagedPolicy[] = [];
  const read = async () => {
    // Reads follow each other closely: far less than the grace between two.
    now += 1;
    found.push(await reader.read());
  };
  await read();
  for (let index = 1; index <= times; index += 1) {
    await way(file, contents[index % contents.length] ?? '', read);
  }
  const withoutPolicy = found.filter((policy) => Object.keys(policy.locked).length === 0);
  return { reads: found.length, withoutPolicy: withoutPolicy.length, lines, found };
}

describe('a policy file redeployed while ClassTray reads it', () => {
  it("keeps a policy in force at every read of 1,000 redeploys docs/school-it.md's way (install -m 644)", async () => {
    const { reads, withoutPolicy, found } = await redeploys(installWay, 1_000, [text(A), text(B)]);
    expect(reads).toBe(1 + 1_000 * 5);
    expect(withoutPolicy).toBe(0);
    // Each read holds one of the two policies, never a mix or less.
    const seen = new Set(found.map((policy) => JSON.stringify(policy.locked)));
    expect(seen).toEqual(new Set([JSON.stringify(A), JSON.stringify(B)]));
  }, 60_000);

  it.each([
    ['renamed over (mv)', renameOver],
    ["an editor's backup rename", backupAside],
    ['rewritten in place', inPlace],
  ] as const)('keeps it in force at every read when %s', async (_, way) => {
    const { withoutPolicy } = await redeploys(way, 200, [text(A), text(B)]);
    expect(withoutPolicy).toBe(0);
  });

  it('says a problem once per version of the file, not at every read or redeploy', async () => {
    const { withoutPolicy, lines } = await redeploys(installWay, 100, [text(withUnknownKey)]);
    expect(withoutPolicy).toBe(0);
    // The key once; each torn state once (empty, half written), however many redeploys.
    expect(lines.filter((line) => line.includes('Colour is not a ClassTray policy'))).toHaveLength(
      1,
    );
    expect(lines).toHaveLength(3);
  });

  it('drops the policy once the file stays removed past the grace, as IT meant', async () => {
    const { file, system } = await realPolicyFile();
    fs.writeFileSync(file, text(A), { mode: 0o644 });
    let now = 0;
    const reader = new PolicyReader(system, () => undefined, { now: () => now });
    expect((await reader.read()).locked).toEqual(A);
    fs.unlinkSync(file);
    expect((await reader.read()).locked).toEqual(A);
    now += POLICY_ABSENCE_GRACE_MS;
    expect((await reader.read()).locked).toEqual({});
  });

  it('never keeps the policy of a file turned into one the app refuses (not a regular file)', async () => {
    const { folder, file, system } = await realPolicyFile();
    fs.writeFileSync(file, text(A), { mode: 0o644 });
    const reader = new PolicyReader(system, () => undefined, { now: () => 0 });
    expect((await reader.read()).locked).toEqual(A);
    const elsewhere = path.join(folder, 'elsewhere.json');
    fs.writeFileSync(elsewhere, text(B));
    fs.unlinkSync(file);
    fs.symlinkSync(elsewhere, file);
    expect((await reader.read()).locked).toEqual({});
    expect(reader.report.ignored).toEqual([
      { source: LINUX_POLICY_FILE, why: { code: 'notRegularFile' } },
    ]);
    expect(MAX_POLICY_BYTES).toBeGreaterThan(text(B).length);
  });
});
