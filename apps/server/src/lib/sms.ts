import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';
import { createOutboxWorker, type OutboxOptions, type OutboxRow } from './outbox-engine';

export type Sms = { to: string; body: string };
export type SmsSend = (sms: Sms) => Promise<void>;
export type SmsProvider = { url: string; accountSid: string; authToken: string; from: string };

/**
 * Twilio's Messages API as plain HTTP (any compatible provider, or a local test peer, at `url`): a form POST to
 * /2010-04-01/Accounts/{SID}/Messages.json with basic auth SID:token. Anything but a 2xx is an error to retry,
 * its status on `statusCode`; bounded by a timeout so a hung provider fails the attempt.
 */
export function twilioSender(provider: SmsProvider): SmsSend {
  const endpoint = `${provider.url}/2010-04-01/Accounts/${encodeURIComponent(provider.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${provider.accountSid}:${provider.authToken}`).toString('base64')}`;
  return async ({ to, body }) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: to, From: provider.from, Body: body }),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.ok) {
      await res.body?.cancel();
      return;
    }
    // Twilio answers { code, message }; only the code and status are kept (the message may repeat the number).
    const answer = (await res.json().catch(() => ({}))) as { code?: number };
    throw Object.assign(
      new Error(`SMS provider answered ${res.status}${answer.code ? ` (code ${answer.code})` : ''}`),
      {
        statusCode: res.status,
      },
    );
  };
}

/** Stores text messages to send; pass the transaction that decided them. */
export async function enqueueSms(db: Db, messages: Sms[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(smsOutbox).values(messages);
}

type SmsRow = OutboxRow & Sms;

/** The text-message channel of the outbox engine; without a provider nothing is enqueued, so nothing is claimed. */
export function createSmsOutbox(db: Db, send: SmsSend, log: FastifyBaseLogger, options: OutboxOptions) {
  return createOutboxWorker<SmsRow>(
    db,
    {
      name: 'sms',
      lease: '2 minutes',
      async deliver(sms) {
        await send({ to: sms.to, body: sms.body });
        return 'sent';
      },
    },
    log,
    options,
  );
}

/** A North American number as the customer typed it, in E.164 (+1…); undefined when it is not one. */
export function e164(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  if (/^\+[1-9]\d{6,14}$/.test(phone.replace(/[\s().-]/g, ''))) return phone.replace(/[\s().-]/g, '');
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}
