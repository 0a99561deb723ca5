/**
 * The embedded local service as a library: the app starts it in-process (demo mode), tests
 * start it on a port the OS picks, and the CLI wraps it.
 */
import type { Clock } from '../../src-shared/clock';
import { DEFAULT_AUTH_HEADER } from '../contract/wire';
import { LocalAccount } from './account';
import { openDataFile } from './dataFile';
import { createDemoAccount } from './demoAccount';
import type { AccountData } from './fixture';
import { buildLocalServiceApp } from './server';

export interface LocalServiceOptions {
  token: string;
  /** 0 or absent: a port the OS picks. */
  port?: number;
  authHeader?: string;
  /** The account to serve; absent: the built-in demo account. */
  fixture?: AccountData;
  /** Persist every change here; an existing file is the state and the fixture only seeds a new one. */
  dataFile?: string;
  clock?: Clock;
}

export interface RunningLocalService {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  token: string;
  authHeader: string;
  close(): Promise<void>;
}

export async function startLocalService(
  options: LocalServiceOptions,
): Promise<RunningLocalService> {
  const clock = options.clock ?? Date.now;
  const seed = () =>
    options.fixture ? structuredClone(options.fixture) : createDemoAccount(clock());
  const dataFile = options.dataFile ? await openDataFile(options.dataFile, seed) : undefined;
  const account = new LocalAccount(dataFile?.data ?? seed(), clock);
  let url = '';
  const app = buildLocalServiceApp({
    account,
    token: options.token,
    ...(options.authHeader === undefined ? {} : { authHeader: options.authHeader }),
    origin: () => url,
    ...(dataFile ? { write: dataFile.write } : {}),
  });
  try {
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    dataFile?.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The local service has no TCP address.');
  url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    token: options.token,
    authHeader: options.authHeader ?? DEFAULT_AUTH_HEADER,
    // Replies wait for their writes, and close waits for replies: the lock goes last.
    close: () => app.close().finally(() => dataFile?.close()),
  };
}

export { buildLocalServiceApp } from './server';
export { LocalAccount } from './account';
export { createDemoAccount, DEMO_LINKS_TO_TRY } from './demoAccount';
export type { AccountData, Fixture } from './fixture';
export { parseAccountData, readAccountDataFile, AccountDataError } from './fixture';
export { WriterLockError } from '../dataFolder/writerLock';
