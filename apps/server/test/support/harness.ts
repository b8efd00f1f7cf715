import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { sessionTokens } from '../../src/features/auth/tokens';
import type { Mail, Mailer } from '../../src/lib/mailer';

export const ADMIN_PASSWORD = 'correct-horse-battery';

/** A well-formed session token for user 1 signed with the wrong key: every guard must refuse it. */
export const forgedToken = () => sessionTokens('x'.repeat(48), 3600).sign({ userId: 1, version: 0 });

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Extra request headers (they win over the token's), and the client address (for the rate limits). */
export type InjectExtra = { headers?: Record<string, string>; remoteAddress?: string };
/** One request through app.inject: an object payload is sent as JSON, a string as it is (set its content-type). */
export type Inject = (
  method: Method,
  url: string,
  payload?: unknown,
  extra?: InjectExtra,
) => Promise<LightMyRequestResponse>;

/** The one way API tests make requests: as the holder of `token` (a Bearer header), or with none (null). */
export function injectAs(app: FastifyInstance, token: string | null | undefined): Inject {
  return (method, url, payload, extra = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra.headers },
      ...(payload === undefined ? {} : { payload: payload as string | object }),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
}

/** Requests from a visitor who is not signed in. */
export const injectAnonymous = (app: FastifyInstance): Inject => injectAs(app, null);

/** A mailer that keeps messages in memory, for tests that only need the reset link. */
export function memoryMailer() {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
    },
  };
  return { mailer, sent };
}

/**
 * A fresh database for one test file: PGlite on disk in a temporary folder (the server's own path: a worker thread,
 * fsync on commit) copied from the run's migrated template (support/pglite-global.ts), or a new database on the
 * run's PostgreSQL server.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-test-db-'));
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    return {
      ...database,
      close: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = serverUrl.replace(/\/postgres$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url });
  return { ...database, url };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Builds the real app on a fresh database with a known admin password. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    realMailer?: boolean;
    env?: NodeJS.ProcessEnv;
    pushAgent?: Agent;
    /** The clock of the customers' own changes (features/customer-link). */
    clock?: () => Date;
    /** Where the app logs (support/log-capture.ts); otherwise LOG_LEVEL silent. */
    logger?: BuildOptions['logger'];
    wrapServices?: BuildOptions['wrapServices'];
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-test-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO_CONTENT: '0',
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
    rateLimits: { auth: 1000, publicWrite: 1000 },
    ...overrides,
  };
  const database = await openTestDatabase();
  const memory = memoryMailer();
  const app = await buildApp(config, {
    database,
    mailer: options.realMailer ? undefined : memory.mailer,
    databaseUrl: database.url,
    pushAgent: options.pushAgent,
    clock: options.clock,
    wrapServices: options.wrapServices,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    sent: memory.sent,
    /** Requests as the holder of `token`; null: anonymous. */
    injectAs: (token: string | null | undefined) => injectAs(app, token),
    anonymous: injectAnonymous(app),
    async signin(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await injectAnonymous(app)('POST', '/signin', { username, password });
      return res.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A file's app, signed in as the admin: the token, requests with it, and a forged token to be refused. */
export type SignedInApp = TestApp & { token: string; asAdmin: Inject; forged: string };

/**
 * The one setup of an API test file: builds the app before its tests (createTestApp's arguments), signs the admin
 * in and closes it all after them. The answer stands for that app; read it inside tests and hooks only.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): SignedInApp {
  let current: SignedInApp | undefined;
  beforeAll(async () => {
    const t = await createTestApp(...args);
    const token = await t.signin();
    current = { ...t, token, asAdmin: t.injectAs(token), forged: await forgedToken() };
  });
  afterAll(() => current?.close());
  return new Proxy({} as SignedInApp, {
    get(_target, key) {
      if (!current)
        throw new Error(`useTestApp: ${String(key)} read before the app was built (outside a test)`);
      return current[key as keyof SignedInApp];
    },
  });
}
