/**
 * The real-Electron smoke test's own logic, proven here against the stub runtime: every step
 * passes on an app that behaves, keeps its screenshot or note, and each fails on an app with the
 * one fault it is there to catch (the steps before it still passing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artifactName, runStep, SMOKE_STEPS, type SmokeService } from './smokeSteps';
import { startSmokeService } from './smokeService';
import { stubApp, type StubFault } from './stubApp';

let service: SmokeService & { close(): Promise<void> };
const folders: string[] = [];
const disposals: (() => void)[] = [];

beforeAll(async () => {
  service = await startSmokeService();
});
afterAll(async () => {
  await service.close();
});
afterEach(() => {
  for (const dispose of disposals.splice(0)) dispose();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function stub(options: Parameters<typeof stubApp>[1] = {}) {
  const app = stubApp(service, options);
  disposals.push(() => app.dispose());
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'classtray-smoke-steps-'));
  folders.push(folder);
  return { app, folder };
}

/** Runs the steps in order; the index of the first that failed, or -1, and its error. */
async function runAll(options: Parameters<typeof stubApp>[1] = {}) {
  const { app, folder } = stub(options);
  for (const [index] of SMOKE_STEPS.entries()) {
    try {
      await runStep(index, app, service, folder);
    } catch (error) {
      return { failed: index, error, folder };
    }
  }
  return { failed: -1, error: undefined, folder };
}

const stepNamed = (start: string) => SMOKE_STEPS.findIndex((step) => step.name.startsWith(start));

describe('the smoke test on the stub runtime', () => {
  it('passes every step on an app that behaves, and keeps a screenshot or a note for each', async () => {
    const { failed, error, folder } = await runAll();
    expect(error).toBeUndefined();
    expect(failed).toBe(-1);
    const kept = fs.readdirSync(folder).sort();
    expect(kept).toHaveLength(SMOKE_STEPS.length);
    SMOKE_STEPS.forEach((step, index) => {
      expect(
        kept.some((name) => name.startsWith(artifactName(index, step, 'png').slice(0, -4))),
      ).toBe(true);
    });
    // The window was up from the tray click on: those steps kept a picture.
    expect(kept.filter((name) => name.endsWith('.png')).length).toBeGreaterThanOrEqual(1);
    // The access the run ended is on the service's record as invalidated.
    expect(await service.invalidations()).toBeGreaterThanOrEqual(1);
  });

  it.each<[StubFault, string]>([
    ['starts-signed-in', 'starts on a throwaway'],
    ['no-tray', 'shows its tray icon'],
    ['hides-before-paint', 'shows the window'],
    ['token-in-memory', 'keeps a saved token'],
    ['invalidates-nothing', 'ends an access'],
    ['shortcut-dead', 'toggles the window'],
    ['process-left', 'quits and leaves no process'],
  ])('fails on an app where %s, at the step that checks it', async (fault, step) => {
    const { failed, error } = await runAll({ faults: [fault] });
    expect(error).toBeInstanceOf(Error);
    expect(SMOKE_STEPS[failed]?.name).toBe(SMOKE_STEPS[stepNamed(step)]?.name);
  });

  it('on a desktop that does not deliver the shortcut, records its answer instead of pressing', async () => {
    const unconfirmed = await runAll({ shortcut: 'unconfirmed', faults: ['shortcut-dead'] });
    expect(unconfirmed.failed).toBe(-1);
  });
});
