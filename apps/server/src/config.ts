import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { defaultSiteConfig, type SiteConfig, siteConfigSchema } from '@clean/shared';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0, 1, true or false' })
  .transform((v) => v === '1' || v === 'true');

const millis = z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(600_000);

/** Every variable the server reads; the docs test checks docs/operations.md lists exactly these. */
export const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  NOTIFY_EMAIL: z
    .union([z.literal('off'), z.email()], {
      error: 'must be an e-mail address or off',
    })
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DEMO_CONTENT: flag.optional(),
  BUSINESS_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
  SITE_CONFIG_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_AUTH: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10),
  RATE_LIMIT_PUBLIC_WRITE: z.coerce.number({ error: 'must be a number' }).int().min(1).default(5),
  ACKNOWLEDGEMENTS_PER_DAY: z.coerce.number({ error: 'must be a number' }).int().min(0).default(50),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(14),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 03:30')
    .default('03:30'),
  DIGEST_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, 'must be a time of day such as 18:00, or off')
    .default('18:00'),
  // Text messages through a Twilio-compatible REST API (Twilio's own: https://api.twilio.com); all four or none.
  SMS_PROVIDER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'must be the account SID (letters and digits)')
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form such as +15551234567')
    .optional(),
  REMINDER_HOURS: z
    .string()
    .regex(
      /^(off|\d{1,3}(,\d{1,3})*)$/,
      'must be hours before a visit separated by commas, such as 72,2, or off',
    )
    .default('72,2'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  // Tests only: origins of a local push endpoint, allowed although push endpoints must be public https hosts.
  PUSH_ALLOW_ENDPOINT_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => URL.canParse(o.trim()) && new URL(o.trim()).origin === o.trim()),
      'must be origins (such as https://127.0.0.1:8443) separated by commas',
    )
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: millis.default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: millis.default(10_000),
  REQUEST_TIMEOUT_MS: millis.default(20_000),
  DATA_DIR_MIN_FREE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(0).default(64),
  // PGlite's WASM memory ends at 2 GB; the page cache must leave room for the rest of PostgreSQL.
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(1024, 'must be 1024 or less')
    .optional(),
  TRUST_PROXY: z
    .string()
    .refine(isTrustProxy, 'must be a number of proxy hops, or addresses/CIDRs separated by commas')
    .optional(),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(3_000),
  CLEANUP_WAIT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(15_000, 'must be 15000 or less (the request deadline is longer)')
    .default(3_000),
});

/** Fastify's trustProxy: a hop count, or addresses, CIDRs and proxy-addr's names (loopback, …). */
function isTrustProxy(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 1;
  return value.split(',').every((part) => {
    const item = part.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
    const [ip = '', bits, ...rest] = item.split('/');
    const family = isIP(ip);
    if (!family || rest.length) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
}

function trustProxyOf(value: string | undefined): number | string[] | false {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  adminEmail: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who hears of new booking requests and reviews: an address, 'off', or undefined for the admin's e-mail. */
  notifyEmail: string | undefined;
  /** Mail outbox worker: how often it looks for due mails, and the retry back-off (doubling from base to max). */
  outbox: { pollMs: number; retryBaseMs: number; retryMaxMs: number; maxAttempts: number };
  publicUrl: string;
  demoContent: boolean;
  timezone: string;
  site: SiteConfig;
  logLevel: string;
  webDist: string;
  /** Acknowledgements mailed to visitors in any 24 hours, for the whole site (one per address). */
  acknowledgementsPerDay: number;
  /** Requests per minute per client; tests lower or raise them. */
  rateLimits: { auth: number; publicWrite: number };
  /**
   * Photo uploads (features/media): the largest file taken, the most pixels a photo may declare (a larger one is
   * a decompression bomb: refused before decoding), and how many are processed at once (the rest wait their turn).
   */
  uploads: { maxBytes: number; maxPixels: number; concurrency: number; timeoutMs: number };
  tokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  /** Nightly backups in DATA_DIR/backups: how many to keep (0: none are made) and when, in the business zone. */
  backups: { keep: number; time: { hour: number; minute: number } };
  /** When the owner's daily digest is mailed, in the business zone; undefined: never (DIGEST_TIME=off). */
  digestTime: { hour: number; minute: number } | undefined;
  /** Text messages (Twilio-compatible REST API); undefined: none are sent. */
  sms: { url: string; accountSid: string; authToken: string; from: string } | undefined;
  /** The three channels' outbox workers: poll, back-off (doubling from base to max), attempts before giving up. */
  smsOutbox: { pollMs: number; retryBaseMs: number; retryMaxMs: number; maxAttempts: number };
  /** Hours before each visit the customer is reminded, largest first; empty: no reminders (REMINDER_HOURS=off). */
  reminderHours: number[];
  /** How often the reminder scheduler looks for reminders due. */
  reminderTickMs: number;
  /** Web Push: VAPID keys from the environment (else generated into DATA_DIR) and the contact they name. */
  push: {
    keys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
    /** Origins a subscription's endpoint may have although not a public https host (PUSH_ALLOW_ENDPOINT_ORIGINS). */
    allowEndpointOrigins: string[];
  };
  /** Bounds that turn a stalled or lost database into a quick 503 instead of a hang. */
  timeouts: { databaseConnectMs: number; databaseQueryMs: number; requestMs: number };
  /** Embedded database: below this much free disk space in DATA_DIR, writes are refused with 507. */
  dataDirMinFreeMb: number;
  /** Embedded database: PostgreSQL's page cache; undefined: the database module's default. */
  pgliteSharedBuffersMb: number | undefined;
  /** Which peers' X-Forwarded-For/-Proto to believe (Fastify's trustProxy); false: none, request.ip is the peer. */
  trustProxy: number | string[] | false;
  /** On SIGTERM, how long /api/health fails while requests are still served, so a load balancer moves away first. */
  shutdownDrainMs: number;
  /** How long DELETE /api/cleanup_old_records waits for the cleanup before answering 202 with the job; 0: at once. */
  cleanupWaitMs: number;
  /** PUBLIC_URL was given (links do not depend on the default). */
  publicUrlSet: boolean;
};

export class ConfigError extends Error {}

/** The only place that reads process.env. A bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most shells' habits.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  const smsVars = [e.SMS_PROVIDER_URL, e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM];
  if (smsVars.some(Boolean) && !smsVars.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_PROVIDER_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: set all four or none',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const site = loadSiteConfig(e.SITE_CONFIG_FILE);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL ?? site.email,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${site.businessName} <no-reply@localhost>`,
    notifyEmail: e.NOTIFY_EMAIL,
    // 5 s, 10 s, 20 s … capped at 10 minutes; 60 attempts span about 9 hours of an SMTP outage.
    outbox: { pollMs: 2_000, retryBaseMs: 5_000, retryMaxMs: 10 * 60_000, maxAttempts: 60 },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    // Off unless asked for: only `npm start` asks (a newcomer's first look); a real install never publishes it.
    demoContent: e.DEMO_CONTENT ?? false,
    timezone: e.BUSINESS_TIMEZONE,
    site: { ...site, timezone: e.BUSINESS_TIMEZONE },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    rateLimits: { auth: e.RATE_LIMIT_AUTH, publicWrite: e.RATE_LIMIT_PUBLIC_WRITE },
    acknowledgementsPerDay: e.ACKNOWLEDGEMENTS_PER_DAY,
    // 15 MB holds any phone's JPEG; 50 MP any phone's sensor (a 12 MP photo decodes to 36 MB, 50 MP to 150 MB).
    // Two minutes (not REQUEST_TIMEOUT_MS): a phone on a weak signal sends 15 MB slowly, and may wait its turn.
    uploads: { maxBytes: 15 * 1024 * 1024, maxPixels: 50_000_000, concurrency: 2, timeoutMs: 120_000 },
    tokenTtlSeconds: 12 * 60 * 60,
    resetTokenTtlSeconds: 60 * 60,
    backups: {
      keep: e.BACKUP_KEEP,
      time: { hour: Number(e.BACKUP_TIME.slice(0, 2)), minute: Number(e.BACKUP_TIME.slice(3)) },
    },
    digestTime:
      e.DIGEST_TIME === 'off'
        ? undefined
        : { hour: Number(e.DIGEST_TIME.slice(0, 2)), minute: Number(e.DIGEST_TIME.slice(3)) },
    sms:
      e.SMS_PROVIDER_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            url: e.SMS_PROVIDER_URL.replace(/\/+$/, ''),
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    // A reminder is worth a few hours: 5 s doubling to 5 minutes, 30 attempts.
    smsOutbox: { pollMs: 2_000, retryBaseMs: 5_000, retryMaxMs: 5 * 60_000, maxAttempts: 30 },
    reminderHours:
      e.REMINDER_HOURS === 'off'
        ? []
        : [...new Set(e.REMINDER_HOURS.split(',').map(Number))].filter((h) => h > 0).sort((a, b) => b - a),
    reminderTickMs: 60_000,
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL ?? site.email}`,
      // A notice is only worth a few hours: 5 s doubling to 5 minutes, 30 attempts.
      pollMs: 2_000,
      retryBaseMs: 5_000,
      retryMaxMs: 5 * 60_000,
      maxAttempts: 30,
      allowEndpointOrigins: e.PUSH_ALLOW_ENDPOINT_ORIGINS?.split(',').map((o) => o.trim()) ?? [],
    },
    timeouts: {
      databaseConnectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      databaseQueryMs: e.DATABASE_QUERY_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
    },
    dataDirMinFreeMb: e.DATA_DIR_MIN_FREE_MB,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    cleanupWaitMs: e.CLEANUP_WAIT_MS,
    publicUrlSet: e.PUBLIC_URL !== undefined,
  };
}

/**
 * Where the user typed the command: `npm run backup -- FILE` runs in the project folder, so a relative FILE is
 * resolved against the folder npm was started from (npm sets INIT_CWD).
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD || process.cwd();
}

function loadSiteConfig(file: string | undefined): SiteConfig {
  if (!file) return defaultSiteConfig;
  if (!existsSync(file))
    throw new ConfigError(`Invalid configuration:\n  SITE_CONFIG_FILE: ${file} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(`Invalid configuration:\n  SITE_CONFIG_FILE: ${file} is not valid JSON`);
  }
  const merged = siteConfigSchema.safeParse({ ...defaultSiteConfig, ...(raw as object) });
  if (!merged.success) {
    const lines = merged.error.issues.map((i) => `  SITE_CONFIG_FILE ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return merged.data;
}
