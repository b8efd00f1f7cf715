import { afterAll } from 'vitest';
import type { Config } from '../../src/config';
import { type createTestApp, useTestApp } from './harness';
import { startSmtp } from './smtp';

/** An outbox that retries within a test's patience: polled every 100 ms, backing off to 400 ms. */
const QUICK_OUTBOX = { pollMs: 100, retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 50 };

/**
 * A file's app sending real mail (through its outbox, over SMTP) to a test SMTP peer the file reads, both closed
 * after the file; the links in its mails point at https://clean.example.
 */
export async function useMailingApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof createTestApp>[1] = {},
) {
  const smtp = await startSmtp();
  afterAll(() => smtp.close());
  const t = useTestApp(
    { smtpUrl: smtp.url, publicUrl: 'https://clean.example', outbox: QUICK_OUTBOX, ...overrides },
    { realMailer: true, ...options },
  );
  return { smtp, t };
}
