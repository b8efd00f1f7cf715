import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Mail, Mailer } from './mailer';
import { createOutboxWorker, type OutboxOptions, type OutboxRow } from './outbox-engine';

export type { OutboxOptions } from './outbox-engine';

type MailRow = OutboxRow & {
  to: string;
  reply_to: string | null;
  subject: string;
  body: string;
  html: string | null;
  attachments: Mail['attachments'] | null;
  headers: Record<string, string> | null;
};

/** Stores mails to send; pass the transaction that writes what the mail is about, so both commit or neither. */
export async function enqueueMails(db: Db, mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(
    mails.map((m) => ({
      to: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      body: m.text,
      html: m.html ?? null,
      attachments: m.attachments ?? null,
      headers: m.headers ?? null,
    })),
  );
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The mail channel of the outbox engine (lib/outbox-engine.ts). */
export function createOutbox(db: Db, mailer: Mailer, log: FastifyBaseLogger, options: OutboxOptions) {
  return createOutboxWorker<MailRow>(
    db,
    {
      name: 'mail',
      lease: '5 minutes',
      async deliver(mail) {
        // jsonb comes back parsed from node-postgres and PGlite alike.
        await mailer.send({
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          // A mail sent again after a crash between the SMTP server's "accepted" and our "sent" (kill -9) keeps its
          // Message-ID, so mail programs show it once.
          id: `outbox-${mail.id}-${mail.created_ms}`,
        });
        return 'sent';
      },
    },
    log,
    options,
  );
}
