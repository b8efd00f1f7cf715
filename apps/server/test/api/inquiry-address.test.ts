import type { Inquiry, Visit } from '@clean/shared';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { inquiries, mailOutbox } from '../../src/db/schema';
import { runDailyDigest } from '../../src/features/digest/daily';
import { optOutTokens, runReminders } from '../../src/features/reminders/service';
import { resolveJwtSecret } from '../../src/lib/secrets';
import { remindersDeps } from '../../src/wiring/schedulers';
import { customerLinkAt } from '../support/customer-link';
import { useTestApp } from '../support/harness';

/**
 * The home's address on an inquiry: the public form requires the street when a time is asked for, the owner's
 * access notes come only from the owner and show only on the owner's reads, and every message about a visit (the
 * confirmation and its `.ics`, the reminder, the owner's digest and calendar feed) names the home.
 */
const OWNER = 'owner@clean.example';
const t = useTestApp({
  publicUrl: 'https://clean.example',
  timezone: 'America/New_York',
  notifyEmail: OWNER,
});

const HOME = '12 Oak St, Bristol, CT 06010';
const SECRET = 'Gate code 4321';
const visitor = { name: 'Vera Visitor', email: 'vera@customer.test', town: 'Bristol' };

const icsEvents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const outboxTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

async function firstOpenTime(from: string): Promise<string> {
  const [start] = (await t.anonymous('GET', `/api/slots?from=${from}&duration_minutes=120`)).json<string[]>();
  if (!start) throw new Error(`no open time from ${from}`);
  return start;
}

beforeAll(async () => {
  expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: true })).statusCode).toBe(200);
});

describe('the public booking request', () => {
  it('refuses a requested time without a street address (400 naming it) and stores nothing', async () => {
    const before = await t.db.$count(inquiries);
    const start = await firstOpenTime('2027-04-05');
    for (const street_address of [undefined, '', '   ']) {
      const res = await t.anonymous('POST', '/api/inquiries', {
        ...visitor,
        street_address,
        requested_start: start,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Street address/);
    }
    const long = await t.anonymous('POST', '/api/inquiries', { ...visitor, street_address: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('Street address must be at most 200 characters.');
    expect(await t.db.$count(inquiries)).toBe(before);
  });

  it('refuses a ZIP that is not 5 digits', async () => {
    for (const zip of ['0601', '060100', '06O10', 'CT 06010']) {
      const res = await t.anonymous('POST', '/api/inquiries', {
        ...visitor,
        street_address: '1 Elm St',
        zip,
      });
      expect(res.statusCode, zip).toBe(400);
      expect(res.json().error).toBe('ZIP must be 5 digits.');
    }
  });

  it('takes a request without a time and without an address; ignores access_notes from the public', async () => {
    const bare = await t.anonymous('POST', '/api/inquiries', visitor);
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ street_address: null, zip: null });

    const res = await t.anonymous('POST', '/api/inquiries', {
      ...visitor,
      street_address: '  12 Oak St\n',
      zip: ' 06010 ',
      access_notes: SECRET,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ street_address: '12 Oak St', zip: '06010' });
    expect(res.json()).not.toHaveProperty('access_notes');
    const [row] = await t.db.select().from(inquiries).where(eq(inquiries.id, res.json().id));
    expect(row).toMatchObject({ streetAddress: '12 Oak St', zip: '06010', accessNotes: null });
  });

  it('holds a time with the address; the request in GET /api/visits carries it', async () => {
    const start = await firstOpenTime('2027-04-12');
    const res = await t.anonymous('POST', '/api/inquiries', {
      ...visitor,
      street_address: '12 Oak St',
      zip: '06010',
      requested_start: start,
    });
    expect(res.statusCode, res.body).toBe(201);
    const day = start.slice(0, 10);
    const visits = (await t.asAdmin('GET', `/api/visits?from=${day}&to=${day}`)).json<Visit[]>();
    expect(visits.find((v) => v.inquiry_id === res.json().id)).toMatchObject({
      kind: 'request',
      street_address: '12 Oak St',
      zip: '06010',
      access_notes: null,
    });
  });

  it('the no-script form post refuses a time without a street address beside the field, storing nothing', async () => {
    const before = await t.db.$count(inquiries);
    const start = await firstOpenTime('2027-04-19');
    const res = await t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...visitor, requested_start: start, access_notes: SECRET }).toString(),
    });
    // The page again (it needs the web build, as every page test does), the message beside the field.
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Street address is required when you pick a time.');
    expect(res.body).toMatch(/id="[^"]+-error"[^>]*>Street address is required/);
    expect(await t.db.$count(inquiries)).toBe(before);
  });
});

describe("the owner's address and access notes", () => {
  let lead: Inquiry;
  const cleaningAt = '2027-03-02T09:00';

  beforeAll(async () => {
    const res = await t.asAdmin('POST', '/api/inquiries', {
      name: 'Olive Owner-Typed',
      email: 'olive@customer.test',
      town: 'Bristol',
      street_address: '12 Oak St',
      zip: '06010',
      access_notes: SECRET,
    });
    expect(res.statusCode, res.body).toBe(201);
    lead = res.json<Inquiry>();
    const cleaning = await t.asAdmin('POST', '/api/one_time_cleanings', {
      inquiry_id: lead.id,
      date_time: cleaningAt,
      amount: 150,
    });
    expect(cleaning.statusCode, cleaning.body).toBe(201);
  });

  it('stores them and answers them on the owner reads', async () => {
    expect(lead).toMatchObject({ street_address: '12 Oak St', zip: '06010', access_notes: SECRET });
    const list = (await t.asAdmin('GET', '/api/inquiries?name=Olive')).json<Inquiry[]>();
    expect(list[0]).toMatchObject({ street_address: '12 Oak St', access_notes: SECRET });
    const visits = (await t.asAdmin('GET', '/api/visits?from=2027-03-02&to=2027-03-02')).json<Visit[]>();
    expect(visits.find((v) => v.inquiry_id === lead.id)).toMatchObject({
      street_address: '12 Oak St',
      zip: '06010',
      access_notes: SECRET,
    });
  });

  it('edits them with PATCH, validated, and clears them with empty values', async () => {
    const bad = await t.asAdmin('PATCH', `/api/inquiries/${lead.id}`, { zip: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('ZIP must be 5 digits.');
    const tooLong = await t.asAdmin('PATCH', `/api/inquiries/${lead.id}`, { access_notes: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    const moved = await t.asAdmin('PATCH', `/api/inquiries/${lead.id}`, {
      street_address: '40 Elm St',
      access_notes: 'Key under the mat',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      street_address: '40 Elm St',
      zip: '06010',
      access_notes: 'Key under the mat',
    });
    const back = await t.asAdmin('PATCH', `/api/inquiries/${lead.id}`, {
      street_address: '12 Oak St',
      access_notes: SECRET,
    });
    expect(back.json()).toMatchObject({ street_address: '12 Oak St', access_notes: SECRET });
  });

  it('mails the confirmation with the address and the .ics LOCATION; the customer page shows no access notes', async () => {
    const [mail] = await outboxTo('olive@customer.test');
    expect(mail?.body).toContain(`Where: ${HOME}`);
    expect(mail?.body).not.toContain(SECRET);
    const ics = mail?.attachments?.find((a) => a.filename === 'visit.ics')?.content ?? '';
    expect(icsEvents(ics)[0]?.location).toBe(HOME);
    expect(ics).not.toContain('Gate code');

    // What /visit/<token> renders (the page itself needs the web build): the visit, without the notes.
    const token = /https:\/\/clean\.example\/visit\/([A-Za-z0-9_-]{22})\b/.exec(
      mail?.body ?? '',
    )?.[1] as string;
    const now = () => new Date('2027-02-20T12:00:00Z');
    const links = customerLinkAt(t.app, now);
    const view = await links.view(await links.open(token, '10.0.0.9'), token);
    expect(view.visits).toHaveLength(1);
    expect(JSON.stringify(view)).not.toContain('Gate code');
  });

  it("puts the address in the reminder, the owner's digest and the calendar feed", async () => {
    const start = Date.parse('2027-03-02T14:00:00Z');
    const deps = {
      db: t.app.database.db,
      config: t.app.config,
      tokens: optOutTokens(resolveJwtSecret(t.app.config.jwtSecret, t.app.config.dataDir)),
    };
    expect(
      await runReminders(remindersDeps(deps.db, deps.config, deps.tokens), new Date(start - 2 * 3_600_000)),
    ).toBeGreaterThan(0);
    const reminder = (await outboxTo('olive@customer.test')).find((m) => m.subject.startsWith('Reminder'));
    expect(reminder?.body).toContain(`Where: ${HOME}`);
    expect(reminder?.body).not.toContain(SECRET);

    expect(await runDailyDigest(deps, new Date('2027-03-01T23:00:00Z'))).toBe('mailed');
    const digest = (await outboxTo(OWNER)).find((m) => m.body.startsWith('Tomorrow'));
    expect(digest?.body).toMatch(/9:00 AM {2}Olive Owner-Typed, 12 Oak St, Bristol, CT 06010 — \$150\.00/);

    const { url } = (await t.asAdmin('GET', '/api/calendar_feed')).json<{ url: string }>();
    const feed = icsEvents((await t.anonymous('GET', new URL(url).pathname)).body);
    expect(feed.find((e) => e.summary === 'One-Time: Olive Owner-Typed')?.location).toBe(HOME);
  });

  it('an inquiry from before addresses keeps working: its visit answers nulls', async () => {
    const old = await t.asAdmin('POST', '/api/inquiries', { name: 'Old Timer', town: 'Bristol' });
    expect(old.json()).toMatchObject({ street_address: null, zip: null, access_notes: null });
    const cleaning = await t.asAdmin('POST', '/api/one_time_cleanings', {
      inquiry_id: old.json().id,
      date_time: '2027-03-03T09:00',
      amount: 100,
    });
    expect(cleaning.statusCode).toBe(201);
    const visits = (await t.asAdmin('GET', '/api/visits?from=2027-03-03&to=2027-03-03')).json<Visit[]>();
    expect(visits.find((v) => v.inquiry_id === old.json().id)).toMatchObject({
      street_address: null,
      zip: null,
    });
  });
});
