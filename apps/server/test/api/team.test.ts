import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, oneTimeCleanings, users } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { logCapture } from '../support/log-capture';
import { expectRefused } from '../support/refusals';
import { addCleaner } from '../support/team';

const log = logCapture('info');
let now = new Date('2026-12-01T15:00:00Z');
const t = useTestApp({}, { clock: () => now, logger: log.logger });

const DAY = 86_400_000;
const PASSWORD = 'my-own-mop-and-bucket';
const ana = {
  name: 'Ana Lima',
  email: 'Ana.Lima@Example.com',
  phone: '(860) 555-0142',
  pay: { kind: 'hourly', amount: '22.50' },
};

/** The token of the newest invitation mailed to `to` (the outbox delivers to the test's memory mailer). */
async function invitationTo(to: string, count = 1): Promise<string> {
  await expect.poll(() => t.sent.filter((m) => m.to === to).length).toBeGreaterThanOrEqual(count);
  const mails = t.sent.filter((m) => m.to === to);
  const text = mails[mails.length - 1]?.text ?? '';
  const links = [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
  const join = links.filter((l) => l.includes('/join?token='));
  expect(join).toHaveLength(1);
  expect(join[0]?.startsWith(`${t.config.publicUrl}/join?token=`)).toBe(true);
  return new URL(join[0] as string).searchParams.get('token') as string;
}

const signin = (username: string, password = PASSWORD) =>
  t.anonymous('POST', '/signin', { username, password });
const teamRows = () => t.db.select().from(users).orderBy(users.id);
const outboxCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]?.n;
const stored = async () => ({ users: await teamRows(), mails: await outboxCount() });

describe('adding a cleaner and their invitation', () => {
  it('creates them unable to sign in, mails one single-use link, and the link sets their password once', async () => {
    now = new Date('2026-12-01T15:00:00Z');
    const res = await t.asAdmin('POST', '/api/team', ana);
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({
      role: 'cleaner',
      name: 'Ana Lima',
      email: 'ana.lima@example.com',
      phone: '8605550142',
      pay: { kind: 'hourly', amount: 22.5 },
      status: 'invited',
      removed_at: null,
    });
    const token = await invitationTo('ana.lima@example.com');
    expect((await signin('ana.lima@example.com')).statusCode).toBe(401);

    const accepted = await t.anonymous('POST', '/api/team/invitations/accept', { token, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Signs in with their e-mail address as they type it.
    const session = await signin('Ana.Lima@example.com');
    expect(session.statusCode, session.body).toBe(200);
    const me = await t.injectAs(session.json().token)('GET', '/api/user');
    expect(me.json()).toMatchObject({ username: 'ana.lima@example.com', is_admin: false });

    // A used link is refused and changes nothing: the password stays the one set.
    await expectRefused(stored, { status: 409, error: /already been used/ }, () =>
      t.anonymous('POST', '/api/team/invitations/accept', { token, password: 'another-password-1' }),
    );
    expect((await signin('ana.lima@example.com')).statusCode).toBe(200);
    // The link is in the mail only, never in the log.
    expect(log.lines.join('\n')).not.toContain(token);

    const list = (await t.asAdmin('GET', '/api/team')).json();
    expect(list[0]).toMatchObject({ role: 'owner', status: 'owner' });
    expect(list.find((m: { id: number }) => m.id === member.id)).toMatchObject({ status: 'active' });
  });

  it('refuses a second account for one address (409) whatever its case, changing nothing', async () => {
    await expectRefused(stored, { status: 409, error: /already on the team/ }, () =>
      t.asAdmin('POST', '/api/team', { ...ana, email: 'ANA.LIMA@example.com' }),
    );
  });

  it('refuses bad input with a 400 naming the field, and anyone but the owner', async () => {
    const fresh = { ...ana, email: 'fresh@example.com' };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...fresh, name: '  ' }, /Name/],
      [{ ...fresh, email: 'not-an-address' }, /Email/],
      [{ ...fresh, phone: '555-0142' }, /Phone number/],
      [{ ...fresh, pay: { kind: 'weekly', amount: 10 } }, /pay\.kind/],
      [{ ...fresh, pay: { kind: 'hourly', amount: '-1' } }, /pay\.amount/],
      [{ ...fresh, pay: { kind: 'hourly', amount: '1e3' } }, /pay\.amount/],
      [{ ...fresh, pay: undefined }, /pay/],
      [{ ...fresh, role: 'owner' }, /role|unrecognized/i],
    ];
    for (const [body, error] of cases)
      await expectRefused(stored, { status: 400, error }, () => t.asAdmin('POST', '/api/team', body));
    const cleaner = await addCleaner(t);
    await expectRefused(stored, { status: 403 }, () => cleaner.as('POST', '/api/team', fresh));
    await expectRefused(stored, { status: 401 }, () => t.anonymous('POST', '/api/team', fresh));
    await expectRefused(stored, { status: 401 }, () => t.injectAs(t.forged)('GET', '/api/team'));
  });

  it('expires the link after 7 days: 410, and nothing changes', async () => {
    now = new Date('2026-12-01T15:00:00Z');
    const email = 'late@example.com';
    expect((await t.asAdmin('POST', '/api/team', { ...ana, email })).statusCode).toBe(201);
    const token = await invitationTo(email);
    now = new Date(now.getTime() + 7 * DAY + 60_000);
    await expectRefused(stored, { status: 410, error: /expired/ }, () =>
      t.anonymous('POST', '/api/team/invitations/accept', { token, password: PASSWORD }),
    );
    const page = await t.anonymous('GET', `/join?token=${token}`);
    expect(page.statusCode).toBe(410);
    expect((await signin(email)).statusCode).toBe(401);
    await expectRefused(stored, { status: 404 }, () =>
      t.anonymous('POST', '/api/team/invitations/accept', { token: 'nope', password: PASSWORD }),
    );
    await expectRefused(stored, { status: 400, error: /Password/ }, () =>
      t.anonymous('POST', '/api/team/invitations/accept', { token, password: 'short' }),
    );
  });

  it('sends a new link on request, which ends the older one', async () => {
    now = new Date('2026-12-02T15:00:00Z');
    const email = 'again@example.com';
    const { id } = (await t.asAdmin('POST', '/api/team', { ...ana, email })).json();
    const first = await invitationTo(email);
    const res = await t.asAdmin('PATCH', `/api/team/${id}`, { resend_invitation: true });
    expect(res.statusCode, res.body).toBe(200);
    const second = await invitationTo(email, 2);
    expect(second).not.toBe(first);
    const old = await t.anonymous('POST', '/api/team/invitations/accept', {
      token: first,
      password: PASSWORD,
    });
    expect(old.statusCode).toBe(410);
    const ok = await t.anonymous('POST', '/api/team/invitations/accept', {
      token: second,
      password: PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.asAdmin('PATCH', `/api/team/${id}`, { resend_invitation: true })).statusCode).toBe(409);
  });
});

describe('two requests at once: the database decides', () => {
  it('one invitation posted twice at once sets the password once (200 and 409)', async () => {
    now = new Date('2026-12-05T15:00:00Z');
    const email = 'twice@example.com';
    expect((await t.asAdmin('POST', '/api/team', { ...ana, email })).statusCode).toBe(201);
    const token = await invitationTo(email);
    const answers = await Promise.all(
      ['first-password-1', 'second-password-2'].map((password) =>
        t.anonymous('POST', '/api/team/invitations/accept', { token, password }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers[0]?.statusCode === 200 ? 'first-password-1' : 'second-password-2';
    const lost = won === 'first-password-1' ? 'second-password-2' : 'first-password-1';
    expect((await signin(email, won)).statusCode).toBe(200);
    expect((await signin(email, lost)).statusCode).toBe(401);
  });

  it('a new invitation and the old one accepted at once: one or the other happens, never both', async () => {
    now = new Date('2026-12-05T16:00:00Z');
    const email = 'crossing@example.com';
    const { id } = (await t.asAdmin('POST', '/api/team', { ...ana, email })).json();
    const token = await invitationTo(email);
    const [resend, accept] = await Promise.all([
      t.asAdmin('PATCH', `/api/team/${id}`, { resend_invitation: true }),
      t.anonymous('POST', '/api/team/invitations/accept', { token, password: PASSWORD }),
    ]);
    // Accepted first: nothing to resend (409). Resent first: the old link has ended (410).
    expect([
      [409, 200],
      [200, 410],
    ]).toContainEqual([resend.statusCode, accept.statusCode]);
  });

  it('one address added twice at once makes one cleaner (201 and 409) and one invitation', async () => {
    const email = 'race@example.com';
    const answers = await Promise.all(
      [email, email.toUpperCase()].map((address) =>
        t.asAdmin('POST', '/api/team', { ...ana, email: address }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await teamRows()).filter((u) => u.username === email)).toHaveLength(1);
    await invitationTo(email);
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued).toHaveLength(1);
  });
});

describe('the /join page, without script', () => {
  it('shows the form, takes its post, and says to sign in at /signin; the link then no longer works', async () => {
    now = new Date('2026-12-03T15:00:00Z');
    const email = 'noscript@example.com';
    expect((await t.asAdmin('POST', '/api/team', { ...ana, email })).statusCode).toBe(201);
    const token = await invitationTo(email);
    const page = await t.anonymous('GET', `/join?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<form method="post" action="/join">');
    expect(page.body).not.toContain('<script');

    const form = (password: string) =>
      t.anonymous('POST', '/join', new URLSearchParams({ token, password }).toString(), {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const short = await form('short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 8 characters');
    const done = await form(PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('href="/signin"');
    expect((await signin(email)).statusCode).toBe(200);
    expect((await t.anonymous('GET', `/join?token=${token}`)).statusCode).toBe(409);
    expect((await form('yet-another-pass')).statusCode).toBe(409);
    expect((await t.anonymous('GET', '/join?token=unknown')).statusCode).toBe(404);
    expect(log.lines.join('\n')).not.toContain(token);
  });
});

describe('changing and removing a team member', () => {
  it('changes name, phone and pay; refuses the owner’s pay, unknown ids and bad fields', async () => {
    const cleaner = await addCleaner(t, { name: 'Ben Cruz' });
    const res = await t.asAdmin('PATCH', `/api/team/${cleaner.id}`, {
      name: 'Ben Cruz Jr',
      phone: '860.555.0199',
      pay: { kind: 'per_visit', amount: 65 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ben Cruz Jr',
      phone: '8605550199',
      pay: { kind: 'per_visit', amount: 65 },
    });
    const owner = (await t.asAdmin('GET', '/api/team')).json()[0].id;
    await expectRefused(stored, { status: 400, error: /pay/ }, () =>
      t.asAdmin('PATCH', `/api/team/${owner}`, { pay: { kind: 'hourly', amount: 1 } }),
    );
    await expectRefused(stored, { status: 404 }, () => t.asAdmin('PATCH', '/api/team/99999', { name: 'X' }));
    await expectRefused(stored, { status: 400, error: /Phone/ }, () =>
      t.asAdmin('PATCH', `/api/team/${cleaner.id}`, { phone: 'call me' }),
    );
    await expectRefused(stored, { status: 400 }, () => t.asAdmin('PATCH', '/api/team/0x10', { name: 'X' }));
  });

  it('removal ends their session and sign-in at once, keeps their history and flags them in the list', async () => {
    const cleaner = await addCleaner(t, { name: 'Cara Diaz' });
    const home = await records(t).inquiry('Maria Gonzalez');
    const cleaning = await records(t).cleaning(home, {
      dateTime: new Date('2026-12-03T14:00:00Z'),
      cleanerId: cleaner.id,
    });
    expect((await cleaner.as('GET', '/api/user')).statusCode).toBe(200);

    const res = await t.asAdmin('DELETE', `/api/team/${cleaner.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await cleaner.as('GET', '/api/user')).statusCode).toBe(401);
    expect((await signin(cleaner.email, 'cleaner-horse-battery')).statusCode).toBe(401);
    const [kept] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, cleaning));
    expect(kept?.cleanerId).toBe(cleaner.id);
    const list = (await t.asAdmin('GET', '/api/team')).json();
    const listed = list.find((m: { id: number }) => m.id === cleaner.id);
    expect(listed).toMatchObject({ status: 'removed' });
    expect(listed.removed_at).toBeTruthy();
    // Removed ones come after those still on the team.
    expect(list.findIndex((m: { status: string }) => m.status === 'removed')).toBeGreaterThan(
      list.findLastIndex((m: { status: string }) => m.status !== 'removed'),
    );

    // Again: nothing more to do; a removed member is not changed.
    expect((await t.asAdmin('DELETE', `/api/team/${cleaner.id}`)).statusCode).toBe(204);
    await expectRefused(stored, { status: 409 }, () =>
      t.asAdmin('PATCH', `/api/team/${cleaner.id}`, { name: 'Back' }),
    );
    const owner = list[0].id;
    await expectRefused(stored, { status: 400, error: /owner/ }, () =>
      t.asAdmin('DELETE', `/api/team/${owner}`),
    );
    await expectRefused(stored, { status: 404 }, () => t.asAdmin('DELETE', '/api/team/99999'));
  });

  it('a removed cleaner’s open invitation no longer works (410)', async () => {
    now = new Date('2026-12-04T15:00:00Z');
    const email = 'gone@example.com';
    const { id } = (await t.asAdmin('POST', '/api/team', { ...ana, email })).json();
    const token = await invitationTo(email);
    expect((await t.asAdmin('DELETE', `/api/team/${id}`)).statusCode).toBe(204);
    await expectRefused(stored, { status: 410 }, () =>
      t.anonymous('POST', '/api/team/invitations/accept', { token, password: PASSWORD }),
    );
  });
});
