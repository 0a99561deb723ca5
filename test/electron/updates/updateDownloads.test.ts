/**
 * The bounds on electron-updater's requests, on its own HttpExecutor (through Node's http, as
 * Electron's net is not here) against servers on 127.0.0.1: an installer past its cap, an
 * installer that stops sending, and latest.yml redirected to an endless file.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  limitDownloads,
  UpdateDownloadError,
} from '../../../src-main/electron/updates/updateDownloads';
import { manualTimers } from '../../support/manualTimers';
import { tempDir } from '../../support/tempDir';

const require = createRequire(import.meta.url);
const { ElectronHttpExecutor } = require('electron-updater/out/electronHttpExecutor') as {
  ElectronHttpExecutor: new () => object;
};
const { CancellationToken } = require('builder-util-runtime') as {
  CancellationToken: new () => object;
};

class NodeHttpExecutor extends ElectronHttpExecutor {
  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
    const request = http.request(options);
    request.on('response', callback);
    return request;
  }
}

interface Executor {
  request(options: object): Promise<string | null>;
  download(url: URL, destination: string, options: object): Promise<string>;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Writes `chunk` for as long as the connection lasts. */
function endless(response: http.ServerResponse, chunk: Buffer): void {
  const more = (): void => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', more);
  };
  more();
}

const KiB = 1024;
const small = {
  metadata: { maxBytes: 4 * KiB, timeoutMs: 1_000, idleMs: 1_000 },
  installer: { maxBytes: 64 * KiB, timeoutMs: 10_000, idleMs: 2_000 },
};

function boundedExecutor(limits = small) {
  const manual = manualTimers(0);
  const updater = { httpExecutor: new NodeHttpExecutor() };
  limitDownloads(updater, manual.timers, limits);
  return { executor: updater.httpExecutor as unknown as Executor, manual };
}

describe("electron-updater's requests, bounded", () => {
  it('stops an installer past its cap', async () => {
    const url = await serve((_, response) => endless(response, Buffer.alloc(16 * KiB, 1)));
    const { executor } = boundedExecutor();
    const destination = path.join(await tempDir(), 'installer.deb');
    const download = executor.download(new URL(`${url}/installer.deb`), destination, {
      cancellationToken: new CancellationToken(),
    });
    await expect(download).rejects.toThrow(
      new UpdateDownloadError('the update feed sent more than 64 KiB for one file'),
    );
    // At most the chunk that crossed the cap was written after it.
    expect(fs.statSync(destination).size).toBeLessThan(2 * small.installer.maxBytes);
  });

  it('gives up on an installer that stops sending, after its idle limit', async () => {
    const url = await serve((_, response) => {
      response.writeHead(200);
      response.write(Buffer.alloc(KiB));
    });
    const { executor, manual } = boundedExecutor();
    const destination = path.join(await tempDir(), 'installer.deb');
    const download = executor.download(new URL(`${url}/installer.deb`), destination, {
      cancellationToken: new CancellationToken(),
    });
    const failed = expect(download).rejects.toThrow(/no answer from the update feed for 2 s/);
    // Once the first bytes are in, a minute of silence would be the idle limit.
    await new Promise<void>((resolve) => {
      const poll = (): void => {
        if (fs.existsSync(destination) && fs.statSync(destination).size > 0) resolve();
        else setTimeout(poll, 10);
      };
      poll();
    });
    manual.advance(small.installer.idleMs);
    await failed;
  });

  it('keeps the metadata cap on latest.yml redirected elsewhere', async () => {
    const url = await serve((request, response) => {
      if (request.url?.startsWith('/latest.yml')) {
        response.writeHead(302, { location: '/somewhere-else' }).end();
      } else endless(response, Buffer.from('# filler\n'));
    });
    const { executor } = boundedExecutor();
    const target = new URL(`${url}/latest.yml`);
    await expect(
      executor.request({
        protocol: 'http:',
        hostname: target.hostname,
        port: target.port,
        path: '/latest.yml',
      }),
    ).rejects.toThrow(/sent more than 4 KiB/);
  });
});
