/** The `npm run web` process itself: what happens before anything starts. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';

const CLI = join(process.cwd(), 'src-main', 'preview', 'cli.ts');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stderr };
}

describe('npm run web', () => {
  it.each([
    [['--port', 'eighty']],
    [['--port', '70000']],
    [['--poll-seconds', '2']],
    [['--poll-seconds', 'soon']],
    [['--service-url', 'ftp://example.org']],
    [['--colour']],
    [['--classroom']],
    [['stray']],
  ])('refuses %j with one sentence, the usage and exit code 2', async (args) => {
    const { code, stderr } = await run([...args, '--no-open']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^web: [^\n]+\.\n\nUsage: npm run web/);
  });
});
