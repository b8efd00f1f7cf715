import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { ADMIN_PASSWORD, injectAnonymous, injectAs, openTestDatabase } from '../support/harness';
import { logCapture } from '../support/log-capture';
import { resetTokenFrom } from '../support/mail';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'clean-logs-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a forgot -> open link -> reset flow leaves the reset token in no log line (only in the outbox file)', async () => {
  const log = logCapture('trace'); // the most talkative level
  const config = { ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, DEMO_CONTENT: '0' }) };
  // No SMTP_URL and no injected mailer: the real outbox mailer, as a fresh install runs.
  const app = await buildApp(config, { database, logger: log.logger });
  try {
    const forgot = await injectAnonymous(app)('POST', '/forgot_password', { username: 'admin' });
    expect(forgot.statusCode).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    // The mail leaves through the outbox worker, woken by its queueing.
    const files = () => (existsSync(outbox) ? readdirSync(outbox) : []);
    await expect.poll(() => files().length, { timeout: 5000 }).toBe(1);
    const [file] = files();
    const token = resetTokenFrom(JSON.parse(readFileSync(path.join(outbox, file ?? ''), 'utf8')).text);

    // What the browser does: open the link from the e-mail, then send the new password with the token.
    await injectAnonymous(app)('GET', `/reset-password?token=${token}`);
    // A mistyped or unknown address carrying the token must not log it either (404 paths log the URL).
    await injectAnonymous(app)('GET', `/reset_password?token=${token}`);
    await injectAnonymous(app)('POST', `/api/reset?token=${token}`, { token });
    const reset = await injectAs(app, token)('POST', `/reset-password?token=${token}`, {
      new_password: 'a-new-password-1',
      token,
    });
    expect(reset.statusCode).toBe(200);

    const all = log.lines.join('');
    // The capture works: the requests themselves were logged, with their paths.
    expect(all).toContain('"url":"/reset-password?token=[redacted]"');
    expect(all).toContain('/forgot_password');
    expect(all).not.toContain(token);
  } finally {
    await app.close();
  }
});

it('refusing absurdly nested JSON is a 400 that logs no error (1,000 such requests once meant 1,000 error logs)', async () => {
  const log = logCapture('trace'); // the most talkative level
  const config = { ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, DEMO_CONTENT: '0' }) };
  const app = await buildApp(config, { database, logger: log.logger });
  try {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const url of ['/api/reviews', '/api/inquiries', '/signin']) {
      const res = await injectAnonymous(app)('POST', url, deep, {
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The request is nested too deeply.' });
    }
    const levels = log.lines.map((line) => JSON.parse(line).level as number);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.filter((level) => level >= 50)).toEqual([]); // pino: 50 error, 60 fatal
  } finally {
    await app.close();
  }
});
