/**
 * What every end-to-end file starts: a local service, `npm run web` on it (a child process with
 * its own data folder), and Chromium with one page. `stop` ends all of it and removes the folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { AccountData, RunningLocalService } from '../../src-main/local-service/index';
import { startLocalService } from '../../src-main/local-service/index';
import { launchChromium } from '../support/chromium';
import type { PreviewProcess } from './previewProcess';
import { startPreview } from './previewProcess';

export interface E2eSession {
  service: RunningLocalService;
  /** The preview in use: restartPreview() replaces it. */
  preview: PreviewProcess;
  /** The preview's data folder (its settings.json), kept across restartPreview(). */
  dataDir: string;
  /** Stops the preview, lets `between` change its data folder, and starts it again there. */
  restartPreview: (between?: () => Promise<void>) => Promise<PreviewProcess>;
  browser: Browser;
  /** Not navigated yet: a test may listen to it first. */
  page: Page;
  stop: () => Promise<void>;
}

export async function startE2eSession(options: {
  fixture: AccountData;
  token: string;
  classroom: string;
  viewport: { width: number; height: number };
  locale?: string;
  /** The preview's visible poll interval (startPreview's default otherwise). */
  pollSeconds?: number;
}): Promise<E2eSession> {
  const dataDir = await mkdtemp(join(tmpdir(), 'classtray-e2e-'));
  // Stopped in reverse order, also when a later step fails to start.
  const stoppers: (() => Promise<unknown>)[] = [
    () => rm(dataDir, { recursive: true, force: true }),
  ];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne();
    stoppers.length = 0;
  };
  try {
    const service = await startLocalService({ token: options.token, fixture: options.fixture });
    stoppers.push(() => service.close());
    const startOnFolder = () =>
      startPreview({
        serviceUrl: service.url,
        classroom: options.classroom,
        dataDir,
        token: options.token,
        ...(options.pollSeconds === undefined ? {} : { pollSeconds: options.pollSeconds }),
      });
    let preview = await startOnFolder();
    // Stops whichever preview is in use by then.
    stoppers.push(() => preview.stop());
    const browser = await launchChromium();
    stoppers.push(() => browser.close());
    const context = await browser.newContext({
      viewport: options.viewport,
      ...(options.locale === undefined ? {} : { locale: options.locale }),
    });
    const session: E2eSession = {
      service,
      preview,
      dataDir,
      async restartPreview(between) {
        await preview.stop();
        await between?.();
        preview = await startOnFolder();
        session.preview = preview;
        return preview;
      },
      browser,
      page: await context.newPage(),
      stop,
    };
    return session;
  } catch (error) {
    await stop();
    throw error;
  }
}
