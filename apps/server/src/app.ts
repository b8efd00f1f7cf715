import type { Agent } from 'node:https';
import { errorResponse, healthSchema } from '@clean/shared';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { configuredDatabase, type Database, openDatabase } from './db/client';
import { loadDemoContent, updateDemoLinks } from './db/demo';
import { pingDatabase } from './db/health';
import { registerFeatures } from './features';
import type { AuthService } from './features/auth/service';
import { registerPages } from './features/pages/routes';
import { generateVapidKeys, webPushSender } from './features/push/sender';
import { anyone, refuseUndeclaredRoutes } from './lib/access';
import { COMPRESSION, compressWhole } from './lib/compression';
import { contentTopic, recordContentChange } from './lib/content-changes';
import { acceptEmptyJsonBody } from './lib/empty-json-body';
import { registerErrorHandler } from './lib/error-handler';
import { TooManyRequestsError } from './lib/errors';
import { fastPathServer } from './lib/fast-path';
import { clientErrorHandler, frameworkErrors } from './lib/framework-errors';
import { logSerializers, OneLineRequestLog } from './lib/logging';
import { createMailer, type Mailer } from './lib/mailer';
import { noStoreByDefault } from './lib/no-store';
import { rejectNulCharacters } from './lib/nul-guard';
import { registerOpenApi } from './lib/openapi';
import { createOutbox, type Outbox } from './lib/outbox';
import type { OutboxWorker } from './lib/outbox-engine';
import { wakeOnEnqueue } from './lib/outbox-wake';
import { changedPublicContent, createPublicCache, type PublicCache } from './lib/public-cache';
import { registerPublicWriteLimit } from './lib/public-write-limit';
import { createPushOutbox, type PushOutbox } from './lib/push-outbox';
import { postgresRateLimitStore } from './lib/rate-limit-store';
import { nextRequestId } from './lib/request-id';
import { resolveJwtSecret, resolveVapidKeys } from './lib/secrets';
import { registerSecurity } from './lib/security';
import { serializerCompiler } from './lib/serializer';
import { refuseWhileClosing } from './lib/shutdown';
import { createSmsOutbox, type SmsSend, twilioSender } from './lib/sms';
import { buildServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The clock of the customers' changes and bookings (their link, the open times, the holds): tests move it. */
    clock: () => Date;
    database: Database;
    auth: AuthService;
    /** Every service, built once (services.ts). */
    services: Services;
    mailer: Mailer;
    outbox: Outbox;
    pushOutbox: PushOutbox;
    /** Text messages (reminders); its rows exist only when SMS is configured. */
    smsOutbox: OutboxWorker;
    /** The VAPID public key devices subscribe with. */
    pushKey: string;
    publicCache: PublicCache;
    /** Shutting down after SIGTERM: /api/health answers 503 while requests are still served (lib/shutdown.ts). */
    draining: boolean;
  }
}

/** /api/health waits this long for the database; monitors and tests poll it. */
const HEALTH_TIMEOUT_MS = 2_000;

export type BuildOptions = {
  /** An already-open database (tests share one); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  mailer?: Mailer;
  /** Tests: another text-message sender than config.sms's. */
  smsSend?: SmsSend;
  logger?: FastifyServerOptions['logger'];
  /** The PostgreSQL URL to LISTEN on when `database` is given (otherwise DATABASE_URL). */
  databaseUrl?: string;
  /** The TLS agent push messages go through (tests: one that trusts a local push endpoint). */
  pushAgent?: Agent;
  /** Tests: the clock of the customers' changes and bookings (their link's cutoff, the open times, the holds). */
  clock?: () => Date;
  /** Tests: wraps the services as built (e.g. a store that hands back more than the contract lists). */
  wrapServices?: (services: Services) => Services;
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(config: Config, options: BuildOptions = {}) {
  // Cached public JSON reads are answered by the server itself, before Fastify (npm run bench measures why).
  const fastPath = fastPathServer();
  const app = Fastify({
    serverFactory: fastPath.serverFactory,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            serializers: logSerializers,
          },
    logController: new OneLineRequestLog(),
    bodyLimit: 64 * 1024,
    genReqId: nextRequestId,
    return503OnClosing: false, // refuseWhileClosing answers instead, in the API's error shape
    // A request still unanswered after this gets a 503 (the error handler words it) instead of hanging.
    handlerTimeout: config.timeouts.requestMs,
    frameworkErrors,
    clientErrorHandler,
    // Behind a proxy (TRUST_PROXY), request.ip (rate limits, logs) is the client's, from trusted hops only.
    // (A hop count as Fastify compiles it: its types take no number.)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('draining', false);
  acceptEmptyJsonBody(app);
  rejectNulCharacters(app);
  noStoreByDefault(app);
  const isClosing = refuseWhileClosing(app);

  const database = options.database ?? (await openDatabase({ ...configuredDatabase(config), log: app.log }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, app.log);

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  const outbox = createOutbox(database.db, mailer, app.log, config.outbox);
  app.decorate('outbox', outbox);
  // Mails left from before a restart go out as soon as the app is ready; the worker stops before the DB closes.
  app.addHook('onReady', async () => outbox.start());
  app.addHook('preClose', () => outbox.stop());
  const vapid = await resolveVapidKeys(config.push.keys, config.dataDir, generateVapidKeys);
  const pushOutbox = createPushOutbox(
    database.db,
    webPushSender(vapid, config.push.subject, options.pushAgent),
    app.log,
    config.push,
  );
  app.decorate('pushOutbox', pushOutbox);
  app.decorate('pushKey', vapid.publicKey);
  app.addHook('onReady', async () => pushOutbox.start());
  app.addHook('preClose', () => pushOutbox.stop());
  const smsSend: SmsSend =
    options.smsSend ??
    (config.sms
      ? twilioSender(config.sms)
      : async () => {
          throw new Error('SMS is not configured (SMS_PROVIDER_URL)');
        });
  const smsOutbox = createSmsOutbox(database.db, smsSend, app.log, config.smsOutbox);
  app.decorate('smsOutbox', smsOutbox);
  app.addHook('onReady', async () => smsOutbox.start());
  app.addHook('preClose', () => smsOutbox.stop());
  const stopWaking = await wakeOnEnqueue(database, {
    mail_outbox: outbox,
    push_outbox: pushOutbox,
    sms_outbox: smsOutbox,
  });
  app.addHook('preClose', stopWaking);
  const publicCache = createPublicCache(app.log);
  app.decorate('publicCache', publicCache);
  const built = buildServices({
    db: database.db,
    config,
    clock: app.clock,
    log: app.log,
    publicCache,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
  });
  const services = options.wrapServices ? options.wrapServices(built) : built;
  app.decorate('services', services);
  app.decorate('auth', services.auth);
  app.decorateRequest('user', null);

  const listenUrl = options.databaseUrl ?? config.databaseUrl;
  if (database.kind === 'postgres' && listenUrl) await publicCache.connect(database.db, listenUrl);
  app.addHook('onClose', () => publicCache.close());
  // A write that changed public content empties the public cache before its answer leaves (read-your-writes);
  // any other request, refused writes included, leaves it alone (lib/public-cache.ts, changedPublicContent).
  // (Callback style: reads, nearly every request, pass straight through without a promise.)
  // The change's time is noted first (the sitemap's lastmod, features/seo), so a page rendered after the cache
  // empties already sees it; a failure to note it is logged and costs only that date.
  const noteChange = (request: FastifyRequest) =>
    recordContentChange(database.db, contentTopic(request)).catch((err) =>
      request.log.error({ err }, 'could not note the time of a public content change'),
    );
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (READ_METHODS.has(request.method) || !changedPublicContent(request, reply.statusCode)) return done();
    // A failed one may have changed it: it does not wait for the other servers' NOTIFY (nor the note), which under
    // a stalled database would add a connection timeout to the error's answer.
    if (reply.statusCode >= 500) {
      void noteChange(request).then(() => publicCache.invalidate());
      return done();
    }
    noteChange(request)
      .then(() => publicCache.invalidate())
      .then(() => done(), done);
  });

  const securityHeaders = registerSecurity(app, config);
  // The last of the app's onSend hooks; the plugin's own (per route) run after it and stream what is left.
  app.addHook('onSend', compressWhole);
  await app.register(compress, COMPRESSION);
  await app.register(rateLimit, {
    global: false,
    // Several servers on one PostgreSQL share the counters; the embedded database has one server, memory suffices.
    ...(database.kind === 'postgres' ? { store: postgresRateLimitStore(database.db, app.log) } : {}),
    // If the shared store fails, a limited route fails closed (503): sign-in must not lose its limit, and a public
    // write would wait on the same unavailable database anyway (a stalled one would cost it two timeouts).
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(`Too many attempts. Please wait ${context.after} and try again.`),
  });
  registerPublicWriteLimit(app);
  fastPath.enable({ cache: publicCache, securityHeaders, isClosing, log: app.log, nextRequestId });

  // Deny by default: from here on a route that does not say who may call it stops the start (lib/access.ts).
  refuseUndeclaredRoutes(app);
  await registerOpenApi(app);
  await registerFeatures(app);
  const health = { 200: healthSchema, 500: errorResponse, 503: healthSchema };
  app.get('/api/health', { schema: { response: health }, config: anyone }, async (_request, reply) => {
    if (app.draining) {
      return reply
        .status(503)
        .send({ ok: false, database: database.kind, error: 'The server is shutting down.' });
    }
    if (await pingDatabase(database, HEALTH_TIMEOUT_MS)) return { ok: true, database: database.kind };
    return reply
      .status(503)
      .send({ ok: false, database: database.kind, error: 'The database is not answering.' });
  });
  await registerPages(app, config.webDist);

  const generated = await app.auth.ensureAdmin(config.adminPassword, config.adminEmail);
  if (generated) {
    app.log.warn(`Created the "admin" account. Its password is printed only this once: ${generated}`);
  }
  if (config.trustProxy !== false && !config.publicUrlSet) {
    // Links are never built from a request's Host header (a forged one would poison reset links in e-mails).
    app.log.warn(
      'TRUST_PROXY is set but PUBLIC_URL is not: links in e-mails and the calendar feed use the default',
    );
  }
  await updateDemoLinks(database.db, config.publicUrl);
  if (config.demoContent) await loadDemoContent(database.db, config);
  return app;
}
