import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../src/db/client';
import { listTables, rows, tableRef } from '../../src/features/backups/catalog';

/** Every table's rows as PostgreSQL renders them (UTC), sorted, for comparing two databases table by table. */
export async function snapshot(database: Database): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const result: Record<string, string[]> = {};
    for (const t of await listTables(tx)) {
      const lines = await rows<{ j: string }>(
        tx,
        sql`select row_to_json(x)::text as j from ${tableRef(t.name)} x`,
      );
      result[t.name] = lines.map((r) => r.j).sort();
    }
    return result;
  });
}

const splitStatements = (text: string) =>
  text
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A schedule's first visit and length, an occurrence done, moved and paid, one skipped, the working hours (jsonb). */
const VISITS_ROWS = `
    update recurring_payments set first_visit_at = '2026-10-03T13:00:00Z', duration_minutes = 150;
    update one_time_cleanings set duration_minutes = 45, done_at = '2026-12-24T16:00:00Z' where notes = 'Christmas Eve';
    insert into visit_exceptions (recurring_payment_id, original_start, status, moved_to, recurring_paid_id)
      select s.id, '2026-10-31T13:00:00Z', 'done', '2026-10-31T14:00:00Z', p.id
        from recurring_payments s join recurring_paid p on p.recurring_payment_id = s.id;
    insert into visit_exceptions (recurring_payment_id, original_start, status)
      select id, '2026-11-14T14:00:00Z', 'skipped' from recurring_payments;
    insert into owner_settings (key, value)
      values ('working_hours', '{"days": {"mon": [["08:00", "12:00"], ["13:00", "17:30"]], "tue": [], "wed": [], "thu": [], "fri": [], "sat": [], "sun": []}, "max_overlap": 2, "default_duration_minutes": 90, "note": "Zoë \\"quoted\\""}');
`;

/** A confirmed hold naming its cleaning and one still held, at DST-edge instants (migration 0016). */
const HOLDS_ROWS = `
    insert into holds (inquiry_id, start, duration_minutes, frequency, amount, status, created_at, one_time_cleaning_id)
      select c.inquiry_id, '2026-11-01T05:30:00Z', 90, 'weekly', 142.50, 'confirmed', '2026-10-30T06:30:00.123456Z', c.id
        from one_time_cleanings c where c.notes = 'Christmas Eve';
    insert into holds (inquiry_id, start, duration_minutes, created_at)
      select id, '2027-03-14T07:00:00Z', 120, '2027-03-10T12:00:00Z' from inquiries order by id limit 1;
`;

/** A cleaner on the team with what their work leaves: an invitation, a checklist, a clock, a photo (migration 0027). */
const TEAM_ROWS = `
    insert into users (username, email, password_hash, role, name, phone, pay_kind, pay_amount)
      values ('zoë@example.com', 'zoë@example.com', 'not-a-hash', 'cleaner', E'Zoë \\\\ O''Neil', '8605550199', 'hourly', 23.75);
    insert into team_invitations (user_id, token_hash, expires_at, used_at)
      select id, 'invite-hash', '2026-11-08T06:30:00.654321Z', '2026-11-02T12:00:00Z' from users where role = 'cleaner';
    update one_time_cleanings set cleaner_id = (select id from users where role = 'cleaner') where notes = 'Christmas Eve';
    insert into checklist_items (package_id, inquiry_id, position, label, required)
      select id, null, 0, E'Oven «inside»', true from packages where title = 'Free';
    insert into checklist_items (package_id, inquiry_id, position, label, required)
      select null, id, 1, E'Key under the mat\\\\', false from inquiries where name = 'Bob';
    insert into visit_checklist_ticks (visit_key, item_id, user_id, done_at)
      select 'o' || c.id, i.id, c.cleaner_id, '2026-12-24T15:30:00.000001Z'
        from one_time_cleanings c, checklist_items i where c.notes = 'Christmas Eve' and i.required;
    insert into clock_records (user_id, visit_key, clock_in_at, clock_out_at, in_recorded_offline, in_key, out_key)
      select cleaner_id, 'o' || id, '2026-12-24T14:58:00.123456Z', '2026-12-24T17:01:00Z', true, 'tap-1', 'tap-2'
        from one_time_cleanings where notes = 'Christmas Eve';
    insert into visit_photos (visit_key, user_id, kind, content_type, bytes, keep)
      select 'o' || id, cleaner_id, 'before', 'image/jpeg', '\\xffd8ff00e000', true
        from one_time_cleanings where notes = 'Christmas Eve';
    insert into on_my_way (visit_key, user_id, channel, sent_at)
      select 'o' || id, cleaner_id, 'sms', '2026-12-24T14:40:00Z' from one_time_cleanings where notes = 'Christmas Eve';
`;

/**
 * Awkward but valid data in every table of the schema: quotes, backslashes, line breaks, non-ASCII text, large and
 * tiny amounts, microsecond and DST-edge instants, NULLs; and a deleted row, so the id sequence is ahead of max(id).
 */
export async function seedAwkwardData(database: Database) {
  const base = `
    insert into users (username, email, password_hash, token_version)
      values ('second', null, E'hash "with" quotes\\\\and\\nbreak', 3);
    insert into password_reset_tokens (user_id, token_hash, expires_at, used_at)
      select id, 'token-hash', '2026-11-01T06:30:00.123456Z', null from users where username = 'second';
    insert into packages (title, amount, image_url, description)
      values ('Deep clean ✨ «Zoë»', 9999999999.99, '/images/a.jpg', E'line one\\nline two\\r\\n{"not": "json"}'),
             ('Free', 0.01, '/images/b.jpg', '');
    insert into gallery_photos (image_url, caption, category, photo_type)
      values ('/images/k.jpg', null, 'Kitchen', 'after'), ('/images/b.jpg', E'tab\\there', 'Bath', null);
    insert into reviews (reviewer_name, rating, comment, photo_url, status)
      values ('Zoë 🧽', 5, E'Great!\\n\\nWould book again.', null, 'approved'),
             ('Anon', 1, '', 'https://example.com/p.jpg', 'pending');
    insert into inquiries (name, email, phone_number, call_or_text, town, description, status, submitted_at)
      values ('Ann O''Brien', 'ann@example.com', '8605551234', 'text', 'Bristol', E'back\\\\slash',
              'Booked', '2026-03-08T07:30:00.000001Z'),
             ('Gone', null, null, null, null, null, 'New Inquiry', '2026-11-01T05:59:59Z'),
             ('Bob', null, null, 'call', 'Other', null, 'Completed', '2026-11-01T06:00:00Z');
    delete from inquiries where name = 'Gone';
    insert into one_time_cleanings (inquiry_id, date_time, amount, paid, notes)
      select id, null, 120.50, true, null from inquiries where name = 'Ann O''Brien';
    insert into one_time_cleanings (inquiry_id, date_time, amount, paid, notes)
      select id, '2026-12-24T15:00:00Z', 0, false, 'Christmas Eve' from inquiries where name = 'Bob';
    insert into recurring_payments (inquiry_id, amount, frequency, notes)
      select id, 99.99, 'every other week', null from inquiries where name = 'Ann O''Brien';
    insert into recurring_paid (recurring_payment_id, amount_paid, notes, submitted_at)
      select id, 199.98, 'two visits', '2026-10-31T12:00:00Z' from recurring_payments;
    insert into recurring_paid_dates (recurring_paid_id, date_time)
      select id, d from recurring_paid, unnest(array['2026-10-17T14:00:00Z', '2026-10-31T14:00:00Z']::timestamptz[]) d;
    insert into contact_status (id, is_open) values (1, false) on conflict (id) do update set is_open = false;
  `;
  const statements = splitStatements(base);
  // The visits' rows (migration 0012) where the schema has them: a test seeds an older version too.
  const [visits] = await rows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('visit_exceptions') is not null as present`,
  );
  if (visits?.present) statements.push(...splitStatements(VISITS_ROWS));
  const [held] = await rows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('holds') is not null as present`,
  );
  if (held?.present) statements.push(...splitStatements(HOLDS_ROWS));
  const [team] = await rows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('clock_records') is not null as present`,
  );
  if (team?.present) statements.push(...splitStatements(TEAM_ROWS));
  // One statement per call: PGlite's parameterised protocol takes one at a time.
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

/** Creates a fresh database on the test PostgreSQL server and returns its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
