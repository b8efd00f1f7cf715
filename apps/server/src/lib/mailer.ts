import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent with it (a confirmation's `.ics`), their content as text, or base64 for a binary file (a PDF). */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
  /** Extra headers (a reminder's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** A stable identity: the Message-ID's left part, the same each time this mail is sent. */
  id?: string;
};
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** SMTP when SMTP_URL is set; otherwise each message is written as JSON to DATA_DIR/outbox. */
export function createMailer(
  opts: { smtpUrl?: string; from: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    // nodemailer is loaded by the first mail, not at start: it is one of the largest modules of the server and
    // most hours send nothing.
    let transport: Promise<Transporter> | undefined;
    const connect = async () =>
      (await import('nodemailer')).default.createTransport({
        url: smtpUrl,
        // Bounded waits: a hung SMTP server must fail the attempt (the outbox retries), not hold it for minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
    return {
      async send({ id, ...mail }) {
        transport ??= connect();
        const messageId = id ? `<${id}@${domainOf(opts.from)}>` : undefined;
        await (await transport).sendMail({ from: opts.from, ...mail, ...(messageId ? { messageId } : {}) });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(outbox, name);
      // Written beside the folder, then moved in whole: whoever reads the folder never finds half a mail.
      const partial = path.join(opts.dataDir, `.${name}.partial`);
      await writeFile(
        partial,
        JSON.stringify({ from: opts.from, date: new Date().toISOString(), ...mail }, null, 2),
        // A reset mail carries a link that signs in as its reader.
        { mode: 0o600 },
      );
      await rename(partial, file);
      // Only the file name: the subject or body may carry a name, and a reset mail a secret link.
      log.info({ file }, 'mail written to outbox folder (no SMTP_URL set)');
    },
  };
}

/** The domain of an address such as `Name <no-reply@example.com>`. */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}
