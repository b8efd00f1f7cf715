import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, onMyWay, reminderOptOuts, smsOutbox } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';
import { startSmsEndpoint } from '../support/sms';
import { addCleaner } from '../support/team';

const sms = await startSmsEndpoint();
afterAll(() => sms.close());
const t = useTestApp({
  sms: { url: sms.url, accountSid: sms.accountSid, authToken: sms.authToken, from: '+15550001111' },
});

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const textsTo = (to: string) => t.db.select().from(smsOutbox).where(eq(smsOutbox.to, to));

/** Ana's visit at 9:40 New York time for a customer who takes texts or e-mail. */
async function visitFor(customer: { email: string; phone: string; text: boolean }) {
  const ana = await addCleaner(t, { name: 'Ana' });
  const r = records(t);
  const home = await r.inquiry('Maria Gonzalez', {
    email: customer.email,
    phoneNumber: customer.phone,
    callOrText: customer.text ? 'text' : 'call',
  });
  const key = `o${await r.cleaning(home, { dateTime: new Date('2026-12-03T14:40:00Z'), cleanerId: ana.id })}`;
  return { ana, home, key };
}

describe('on my way', () => {
  it('two taps at once send one text; the owner sees it went', async () => {
    const { ana, key } = await visitFor({ email: 'maria1@example.com', phone: '8605550111', text: true });
    const taps = await Promise.all([
      ana.as('POST', `/api/my/visits/${key}/on-my-way`),
      ana.as('POST', `/api/my/visits/${key}/on-my-way`),
    ]);
    expect(taps.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(taps.map((r) => r.json().already_sent).sort()).toEqual([false, true]);
    const texts = await textsTo('+18605550111');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(/^Ana from .+ is on the way, arriving about 9:40 AM\.$/);
    expect(await mailsTo('maria1@example.com')).toHaveLength(0);
    const status = await t.asAdmin('GET', `/api/visits/${key}/on-my-way`);
    expect(status.json()).toMatchObject({ key, channel: 'sms', user_id: ana.id });
    expect(status.json().sent_at).toBe(taps[0]?.json().sent_at);
    const later = await ana.as('POST', `/api/my/visits/${key}/on-my-way`);
    expect(later.json()).toMatchObject({ already_sent: true, channel: 'sms' });
    expect(await textsTo('+18605550111')).toHaveLength(1);
  });

  it('mails a customer who does not take texts', async () => {
    const { ana, key } = await visitFor({ email: 'maria2@example.com', phone: '8605550112', text: false });
    const res = await ana.as('POST', `/api/my/visits/${key}/on-my-way`);
    expect(res.json()).toMatchObject({ channel: 'email', already_sent: false });
    const mails = await mailsTo('maria2@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Ana from');
    expect(mails[0]?.body).toContain('arriving about 9:40 AM');
  });

  it('sends nothing to a customer who turned reminders off, but records the tap', async () => {
    const { ana, home, key } = await visitFor({
      email: 'maria3@example.com',
      phone: '8605550113',
      text: true,
    });
    await t.db.insert(reminderOptOuts).values({ inquiryId: home });
    const res = await ana.as('POST', `/api/my/visits/${key}/on-my-way`);
    expect(res.json()).toMatchObject({ channel: 'none', already_sent: false });
    expect(await mailsTo('maria3@example.com')).toHaveLength(0);
    expect(await textsTo('+18605550113')).toHaveLength(0);
    expect((await t.asAdmin('GET', `/api/visits/${key}/on-my-way`)).json().channel).toBe('none');
  });

  it('is 404 for another’s visit and 401 without a session, sending nothing', async () => {
    const { key } = await visitFor({ email: 'maria4@example.com', phone: '8605550114', text: false });
    const ben = await addCleaner(t, { name: 'Ben' });
    const rows = () => t.db.select().from(onMyWay).where(eq(onMyWay.visitKey, key));
    await expectRefused(rows, { status: 404 }, () => ben.as('POST', `/api/my/visits/${key}/on-my-way`));
    await expectRefused(rows, { status: 401 }, () => t.anonymous('POST', `/api/my/visits/${key}/on-my-way`));
    await expectRefused(rows, { status: 403 }, () => ben.as('GET', `/api/visits/${key}/on-my-way`));
    const r = records(t);
    const ana = await addCleaner(t, { name: 'Ana' });
    const home = await r.inquiry('Tom Reilly', { email: 'tom4@example.com' });
    const cancelled = `o${await r.cleaning(home, { dateTime: new Date('2026-12-04T14:00:00Z'), cleanerId: ana.id, cancelledAt: new Date() })}`;
    await expectRefused(rows, { status: 409, error: /cancelled/ }, () =>
      ana.as('POST', `/api/my/visits/${cancelled}/on-my-way`),
    );
    expect(await mailsTo('maria4@example.com')).toHaveLength(0);
    expect(await mailsTo('tom4@example.com')).toHaveLength(0);
    const unsent = await t.asAdmin('GET', `/api/visits/${key}/on-my-way`);
    expect(unsent.json()).toEqual({ key, sent_at: null, channel: null, user_id: null });
  });
});
