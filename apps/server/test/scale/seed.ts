import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

export type ScaleSize = {
  inquiries: number;
  cleanings: number;
  schedules: number;
  paidRecords: number;
  reviews: number;
};

export const FIRST_NAMES = [
  'Maria',
  'Tom',
  'Priya',
  'Dan',
  'Linda',
  'Ann',
  'Bob',
  'Chris',
  'Jess',
  'Sam',
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Drew',
  'Elena',
  'Omar',
  'Yuki',
  'Ravi',
  'Sofia',
  'Liam',
  'Noah',
  'Emma',
  'Olivia',
  'Ava',
  'Mia',
  'Lucas',
  'Ethan',
  'Grace',
  'Henry',
  'Isla',
  'Jack',
  'Kate',
  'Leo',
  'Nora',
];
export const LAST_NAMES = [
  'Gonzalez',
  'Reilly',
  'Shah',
  'Kowalski',
  'Park',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Novak',
  'Dubois',
  'Rossi',
  'Silva',
  'Kim',
  'Chen',
  'Murphy',
];
const NOTES = [
  'Gate code 4821',
  'Dog is friendly',
  'Side door, key under mat',
  'Eco products only, allergies',
  'Deep clean the oven',
  'Move-out, landlord inspection Friday',
];
const STATUSES = ['New Inquiry', 'Contacted', 'Booked', 'Paused', 'Completed'];
const TOWNS = ['Bristol', 'Plainville', 'Southington', 'Farmington', 'Wolcott', 'Terryville'];

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/**
 * Years of a busy owner's records, generated inside PostgreSQL (generate_series) so 100,000 rows take seconds:
 * 2,400 distinct names (40 first × 60 last), 10-digit phones, dates spread over four years back and a month
 * ahead, a third of the cleanings paid, a third with notes.
 */
export async function seedScale(db: Db, size: ScaleSize) {
  // A bulk load: the lead sources' buckets are refilled once at the end (16 s for ten years) instead of by their
  // triggers, which would carry each statement's millions of rows in arrays.
  const leadSourceTriggers = (action: 'enable' | 'disable') =>
    db.execute(
      sql.raw(
        [
          ['inquiries', 'inquiries'],
          ['one_time_cleanings', 'cleanings'],
          ['recurring_payments', 'schedules'],
          ['recurring_paid', 'paid'],
        ]
          .map(([table, name]) => `alter table ${table} ${action} trigger lead_source_${name}_added;`)
          .join('\n'),
      ),
    );
  await leadSourceTriggers('disable');
  try {
    await insertRows(db, size);
  } finally {
    await leadSourceTriggers('enable');
  }
  await db.execute(sql`delete from lead_source_buckets`);
  await db.execute(sql`select lead_source_rebuild()`);
  // As autovacuum leaves a live database: statistics gathered, and the trigram (GIN) indexes' pending lists of
  // freshly inserted entries merged (a bulk load leaves them unmerged, which makes the indexes look costly).
  await db.execute(sql`vacuum analyze`);
}

async function insertRows(db: Db, size: ScaleSize) {
  await db.execute(sql`
    insert into inquiries (name, email, phone_number, call_or_text, town, description, status, submitted_at,
                           heard_from)
    select (${textArray(FIRST_NAMES)})[1 + i % 40] || ' ' || (${textArray(LAST_NAMES)})[1 + (i / 40) % 60],
           'customer' || i || '@example.com',
           (array['860','203','413'])[1 + i % 3] || lpad((i % 10000000)::text, 7, '0'),
           (case when i % 2 = 0 then 'call' else 'text' end)::call_or_text,
           (${textArray(TOWNS)})[1 + i % 6],
           'Request number ' || i,
           (${textArray(STATUSES)})[1 + i % 5]::inquiry_status,
           now() - (i % 1460) * interval '1 day' - (i % 24) * interval '1 hour',
           -- One in seven said nothing (unknown).
           (array['google','facebook','nextdoor','friend','yelp','other',null])[1 + i % 7]
      from generate_series(1, ${size.inquiries}::int) as i`);

  await db.execute(sql`
    insert into one_time_cleanings (inquiry_id, date_time, amount, paid, notes, created_at)
    select first.id + (i::bigint * 7919) % ${size.inquiries}::int,
           case when i % 50 = 0 then null
                else now() + interval '30 days' - (i % 1490) * interval '1 day' - (i % 10) * interval '1 hour' end,
           (80 + i % 400) + (i % 100) / 100.0,
           i % 3 = 0,
           case when i % 3 = 1 then (${textArray(NOTES)})[1 + (i / 3) % 6] || ' #' || i else null end,
           now() - (i % 1460) * interval '1 day'
      from generate_series(1, ${size.cleanings}::int) as i, (select min(id) as id from inquiries) as first`);

  await db.execute(sql`
    insert into recurring_payments (inquiry_id, amount, frequency, notes)
    select first.id + (i::bigint * 104729) % ${size.inquiries}::int,
           100 + i % 200,
           (array['Weekly','Biweekly','Monthly'])[1 + i % 3],
           case when i % 2 = 0 then 'Every other Tuesday #' || i else null end
      from generate_series(1, ${size.schedules}::int) as i, (select min(id) as id from inquiries) as first`);

  await db.execute(sql`
    insert into recurring_paid (recurring_payment_id, amount_paid, notes, submitted_at)
    select first.id + i % ${size.schedules}::int,
           140 + (i % 100) / 100.0,
           case when i % 4 = 0 then 'Paid by check' else null end,
           now() - (i % 1000) * interval '1 day'
      from generate_series(1, ${size.paidRecords}::int) as i,
           (select min(id) as id from recurring_payments) as first`);

  await db.execute(sql`
    insert into recurring_paid_dates (recurring_paid_id, date_time)
    select p.id, p.submitted_at - k * interval '7 days'
      from recurring_paid p, generate_series(0, 2) as k`);

  await db.execute(sql`
    insert into reviews (reviewer_name, rating, comment, status, created_at)
    select 'Reviewer ' || i, 1 + i % 5, 'Comment ' || i,
           (case when i % 4 = 0 then 'pending' else 'approved' end)::review_status,
           now() - i * interval '1 hour'
      from generate_series(1, ${size.reviews}::int) as i`);
}
