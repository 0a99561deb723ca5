/**
 * The HTTP face of the local service: the spec's three endpoints plus the /_local control
 * surface, with the project's decisions where the spec says "not shown" (docs/decisions.md).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import { z } from 'zod';
import type { AccountDevice, ClassroomDevice, ErrorBody } from '../contract/wire';
import {
  API_PREFIX,
  DEFAULT_AUTH_HEADER,
  accountDevicePageSchema,
  classroomDevicePageSchema,
  invalidateResultSchema,
  pageParamSchema,
  servicePaths,
  serviceRoutes,
} from '../contract/wire';
import { issueProblems } from '../contract/zodIssues';
import type { LocalAccount } from './account';
import { LocalServiceRefusal, devicePatchSchema, newTemporalAccessSchema, quoted } from './account';
import { DurableAccount } from './durableAccount';
import type { AccountData } from './fixture';
import { deviceRecordSchema } from './fixture';
import { paginate } from './pagination';

export const BODY_LIMIT_BYTES = 1_048_576;

/** Bounds the page cache against callers walking far past the end of a list. */
const MAX_CACHED_PAGES = 2_000;

export interface LocalServiceAppOptions {
  account: LocalAccount;
  token: string;
  /** Header carrying the token; default X-Token-SVC. */
  authHeader?: string;
  /** Absolute origin used in pagination links, e.g. http://127.0.0.1:4010. */
  origin: () => string;
  /** Puts a changed account on disk; a change is answered and shown only once this resolved. */
  write?: (data: AccountData) => Promise<void>;
}

/** JSON Schema for a reply, from the contract: Fastify compiles it into a fast serializer. */
const replySchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-07', io: 'output' });

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const pageQuerySchema = z.object({ page: pageParamSchema.optional() });

export function buildLocalServiceApp(options: LocalServiceAppOptions): FastifyInstance {
  const durable = new DurableAccount(options.account, options.write);
  const authHeader = (options.authHeader ?? DEFAULT_AUTH_HEADER).toLowerCase();
  const expectedDigest = digest(options.token);
  const stats = new Map<string, number>();
  let total = 0;

  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // Long ids must reach the handlers, which answer "no such classroom" in plain words.
    routerOptions: { maxParamLength: 10_000 },
    forceCloseConnections: true,
    logger: false,
    frameworkErrors: (error, _request, reply) => {
      sendError(
        reply,
        400,
        `The address is not valid (${error.code === 'FST_ERR_BAD_URL' ? 'bad percent-encoding' : error.message}).`,
      );
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isProtected(pathOf(request.url))) return;
    const presented = request.headers[authHeader];
    if (typeof presented !== 'string' || !timingSafeEqual(digest(presented), expectedDigest)) {
      return sendError(
        reply,
        401,
        `Missing or invalid API token (header ${options.authHeader ?? DEFAULT_AUTH_HEADER}).`,
      );
    }
  });

  app.addHook('onResponse', async (request) => {
    total++;
    const key = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    stats.set(key, (stats.get(key) ?? 0) + 1);
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(reply, 404, `Nothing here: ${request.method} ${quoted(pathOf(request.url))}.`);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof LocalServiceRefusal)
      return sendError(reply, error.statusCode, error.message);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      console.error('local service: unexpected failure', error);
      return sendError(reply, 500, 'The local service failed unexpectedly.');
    }
    return sendError(reply, status, frameworkMessage(error));
  });

  // The spec's endpoints take no body, yet every request carries Content-Type: application/json.
  // So bodies are read (to enforce the 1 MB limit) and ignored, whatever their type.
  app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) =>
      done(null, undefined),
    );

    resource(api, serviceRoutes.accountDevices, {
      GET: {
        schema: { response: { 200: replySchema(accountDevicePageSchema) } },
        handler: async (request, reply) => {
          const page = parseQuery(request).page ?? 1;
          return sendPage(reply, `account:${page}`, () =>
            paginate(
              durable.current.devices(),
              page,
              (n) => `${options.origin()}${servicePaths.accountDevices}?page=${n}`,
              (device): AccountDevice => durable.current.toAccountDevice(device),
            ),
          );
        },
      },
    });

    resource(api, serviceRoutes.classroomDevices, {
      GET: {
        schema: { response: { 200: replySchema(classroomDevicePageSchema) } },
        handler: async (request, reply) => {
          const { classroom } = request.params as { classroom: string };
          const page = parseQuery(request).page ?? 1;
          const devices = durable.current.classroomDevices(classroom);
          if (!devices)
            throw new LocalServiceRefusal(404, `Classroom not found: ${quoted(classroom)}.`);
          // The serializer sends only the classroom variant's fields: no is_online, no classroom.
          return sendPage(reply, `classroom:${page}:${classroom}`, () =>
            paginate(
              devices,
              page,
              (n) => `${options.origin()}${servicePaths.classroomDevices(classroom)}?page=${n}`,
              (device): ClassroomDevice => device,
            ),
          );
        },
      },
    });

    resource(api, serviceRoutes.invalidateTemporalAccess, {
      PATCH: {
        schema: { response: { 200: replySchema(invalidateResultSchema) } },
        handler: async (request) => {
          const { token } = request.params as { token: string };
          const outcome = await durable.change((account) => account.invalidate(token));
          if (outcome.kind === 'unknown') {
            throw new LocalServiceRefusal(404, `No temporal access with token ${quoted(token)}.`);
          }
          if (outcome.kind === 'already-ended') {
            throw new LocalServiceRefusal(
              422,
              'This temporal access is already invalidated or expired.',
            );
          }
          return { status: 'Invalidated', session_expires_at: outcome.sessionExpiresAt };
        },
      },
    });
  });

  // The control surface for tests and demos: JSON bodies, validated field by field.
  app.register(async (control) => {
    control.removeAllContentTypeParsers();
    control.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        if (body === '') return done(null, undefined);
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new LocalServiceRefusal(400, 'The request body is not valid JSON.'), undefined);
        }
      },
    );

    resource(control, '/_local/devices', {
      POST: {
        handler: async (request, reply) => {
          const record = parseBody(deviceRecordSchema, request.body);
          const device = await durable.change((account) => account.addDevice(record));
          return reply.code(201).send(device);
        },
      },
    });

    resource(control, '/_local/devices/:remote_id', {
      PATCH: {
        handler: async (request) => {
          const { remote_id } = request.params as { remote_id: string };
          const patch = parseBody(devicePatchSchema, request.body);
          return durable.change((account) => account.updateDevice(remote_id, patch));
        },
      },
      DELETE: {
        handler: async (request, reply) => {
          const { remote_id } = request.params as { remote_id: string };
          await durable.change((account) => account.removeDevice(remote_id));
          return reply.code(204).send();
        },
      },
    });

    resource(control, '/_local/temporal-access', {
      POST: {
        handler: async (request, reply) => {
          const wanted = parseBody(newTemporalAccessSchema, request.body);
          const access = await durable.change((account) => account.createTemporalAccess(wanted));
          return reply.code(201).send(access);
        },
      },
    });

    // What the service itself records of an access: a test's proof that it was (not) ended.
    resource(control, '/_local/temporal-access/:token', {
      GET: {
        handler: async (request) => {
          const { token } = request.params as { token: string };
          return durable.current.temporalAccess(token);
        },
      },
    });

    resource(control, '/_local/stats', {
      GET: { handler: async () => ({ requests: { total, ...Object.fromEntries(stats) } }) },
    });
  });

  // Serialized list pages, reused until the lists change: every open window polls the same
  // pages, and serializing a 15 KB page costs more than all the rest of a request.
  let cachedRevision = '';
  const cachedPages = new Map<string, Buffer>();
  function sendPage(
    reply: FastifyReply,
    key: string,
    build: () => Record<string, unknown>,
  ): FastifyReply {
    const revision = durable.current.listsRevision();
    if (revision !== cachedRevision || cachedPages.size >= MAX_CACHED_PAGES) {
      cachedPages.clear();
      cachedRevision = revision;
    }
    let body = cachedPages.get(key);
    if (!body) {
      // The route's compiled serializer, as for an uncached reply: only the contract's fields.
      body = Buffer.from(String(reply.serializeInput(build(), '200')));
      cachedPages.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }

  function isProtected(path: string): boolean {
    return (
      path === API_PREFIX ||
      path.startsWith(`${API_PREFIX}/`) ||
      path === '/_local' ||
      path.startsWith('/_local/')
    );
  }

  return app;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
interface MethodRoute {
  schema?: { response: Record<number, unknown> };
  handler: Handler;
}

/** Registers a path's methods, and 405 with Allow for every other method on it. */
function resource(
  app: FastifyInstance,
  url: string,
  methods: Partial<Record<HTTPMethods, MethodRoute>>,
): void {
  const allowed: HTTPMethods[] = [];
  for (const method of METHODS) {
    const route = methods[method];
    if (route) {
      app.route({ method, url, ...route });
      allowed.push(method);
    }
  }
  // Fastify answers HEAD for every GET route by itself.
  if (allowed.includes('GET')) allowed.push('HEAD');
  const refused = METHODS.filter((method) => !allowed.includes(method));
  const allow = allowed.join(', ');
  app.route({
    method: refused,
    url,
    handler: async (request, reply) => {
      reply.header('Allow', allow);
      return sendError(reply, 405, `${request.method} is not allowed here; use ${allow}.`);
    },
  });
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorBody = { error: message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function parseQuery(request: FastifyRequest): z.infer<typeof pageQuerySchema> {
  const result = pageQuerySchema.safeParse(request.query);
  if (!result.success) throw new LocalServiceRefusal(422, invalidInput(result.error));
  return result.data;
}

function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  if (body === undefined) throw new LocalServiceRefusal(422, 'A JSON body is required.');
  const result = schema.safeParse(body);
  if (!result.success) throw new LocalServiceRefusal(422, invalidInput(result.error));
  return result.data;
}

/** "page: page must be 1 or more; classroom: …": each problem with the field it is about. */
function invalidInput(error: z.ZodError): string {
  return issueProblems(error.issues)
    .map(({ field, message }) => (field ? `${field}: ${message}` : message))
    .join('; ');
}

function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is larger than 1 MB.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body does not match its Content-Length.';
    default:
      return error.message;
  }
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
