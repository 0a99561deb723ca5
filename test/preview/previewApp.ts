/**
 * The preview app for inject() tests: a fake core, a tiny renderer directory, a fixed session
 * secret and a real launch page in a folder of its own.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { cookieName } from '../../src-main/preview/whoMayConnect';
import { LaunchPage } from '../../src-main/preview/launchPage';
import type {
  PreviewLimits,
  PreviewSupport,
  RunningPreviewServer,
} from '../../src-main/preview/server';
import { buildPreviewApp, startPreviewServer } from '../../src-main/preview/server';
import { recordingLogger } from '../support/recordingLogger';
import { FakeClassTray } from '../support/fakeClassTray';
import { tempDir } from '../support/tempDir';

export const SESSION = 's'.repeat(43);
export const PORT = 4321;
export const HOST = `127.0.0.1:${PORT}`;
export const COOKIE = `${cookieName(PORT)}=${SESSION}`;
export const INDEX_HTML =
  '<!doctype html><title>ClassTray</title><script src="/assets/app.js"></script>';

/** A stand-in for out/renderer; remove it with rm(dir, { recursive: true }). */
export async function rendererDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'classtray-renderer-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log("ClassTray");');
  return dir;
}

export interface PreviewTestApp {
  app: FastifyInstance;
  core: FakeClassTray;
  /** Written for http://127.0.0.1:4321; its key is read from its file. */
  launch: LaunchPage;
  /** The failures logged as unexpected, each with its stack. */
  logged: string[];
  /** An authenticated request from the preview's own page unless the options say otherwise. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A POST of a JSON body from the preview's own page. */
  post(url: string, body: unknown): Promise<LightMyRequestResponse>;
  /** A signed-in POST of `payload` as it is, with only these headers (no Origin unless given). */
  postAsIs(
    url: string,
    headers: Record<string, string>,
    payload?: string,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** `support`: the log folder and diagnostics routes' host side; without it they answer 404. */
export async function previewTestApp(
  options: { support?: PreviewSupport } = {},
): Promise<PreviewTestApp> {
  const core = new FakeClassTray();
  const staticDir = await rendererDir();
  const { log, errors: logged } = recordingLogger();
  const launchDir = await mkdtemp(join(tmpdir(), 'classtray-launch-'));
  const launch = new LaunchPage(launchDir);
  launch.write(`http://${HOST}`);
  const app = buildPreviewApp({
    classTray: core,
    staticDir,
    session: SESSION,
    launch,
    port: () => PORT,
    log,
    ...options,
  });
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: { host: HOST, cookie: COOKIE, ...options.headers } });
  return {
    app,
    core,
    launch,
    logged,
    request,
    post: (url, body) =>
      request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: `http://${HOST}` },
        payload: JSON.stringify(body),
      }),
    postAsIs: (url, headers, payload = '{}') => request({ method: 'POST', url, headers, payload }),
    close: async () => {
      await app.close();
      await rm(staticDir, { recursive: true, force: true });
      await rm(launchDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real preview server on a free port of 127.0.0.1 with these limits, for the fake core given
 * (a new one if none); its close and its renderer folder's removal go on `cleanups`, which the
 * test's afterEach runs newest first.
 */
export async function servePreview(
  cleanups: (() => unknown)[],
  limits: Partial<PreviewLimits> = {},
  core = new FakeClassTray(),
): Promise<RunningPreviewServer> {
  const staticDir = await rendererDir();
  cleanups.push(() => rm(staticDir, { recursive: true, force: true }));
  const dataDir = await tempDir('classtray-preview-data');
  const server = await startPreviewServer({ classTray: core, staticDir, dataDir, port: 0, limits });
  cleanups.push(() => server.close());
  return server;
}
