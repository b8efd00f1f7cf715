import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';

/** A mail as the file mailer writes it to the outbox folder. */
export type OutboxMail = { to: string; subject?: string; text: string; attachments?: { content?: string }[] };

/** The mails in the outbox folder to `email`, oldest first. */
export function mailsTo(email: string): OutboxMail[] {
  const outbox = path.join(inject('dataDir'), 'outbox');
  return readdirSync(outbox)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === email);
}

/** The customer's personal link (its path) in the newest mail to `email` that has one, once such a mail is sent. */
export async function personalLink(email: string): Promise<string> {
  const newest = () =>
    mailsTo(email)
      .map((mail) => /https?:\/\/\S+(\/visit\/[\w-]{22})/.exec(mail.text)?.[1])
      .filter((link) => link !== undefined)
      .pop();
  await expect.poll(newest, { message: `a personal link mailed to ${email}` }).toBeDefined();
  return newest() as string;
}
