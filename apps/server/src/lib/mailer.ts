import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** SMTP when SMTP_URL is set; otherwise each message is written as JSON to DATA_DIR/outbox. */
export function createMailer(
  opts: { smtpUrl?: string; from: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
      await writeFile(
        file,
        JSON.stringify({ from: opts.from, date: new Date().toISOString(), ...mail }, null, 2),
      );
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL set)');
    },
  };
}
