/** The local service as a Fastify app for inject() tests: no socket, an injectable clock. */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src-shared/clock';
import { LocalAccount } from '../../src-main/local-service/account';
import type { Fixture } from '../../src-main/local-service/fixture';
import { parseAccountData } from '../../src-main/local-service/fixture';
import { buildLocalServiceApp } from '../../src-main/local-service/server';

export const TOKEN = 'test-token-0123456789';
export const ORIGIN = 'http://127.0.0.1:4010';
export const AUTH = { 'x-token-svc': TOKEN };

export interface LocalAppOptions {
  clock?: Clock;
  authHeader?: string;
}

export function localApp(fixture: Fixture, options: LocalAppOptions = {}): FastifyInstance {
  const account = new LocalAccount(
    parseAccountData(fixture, 'test fixture'),
    options.clock ?? Date.now,
  );
  return buildLocalServiceApp({
    account,
    token: TOKEN,
    origin: () => ORIGIN,
    ...(options.authHeader === undefined ? {} : { authHeader: options.authHeader }),
  });
}
