import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { dailyDigests, mailOutbox, reviews, visitExceptions } from '../../src/db/schema';
import { tomorrowOf } from '../../src/features/digest/content';
import { runDailyDigest, scheduleDailyDigest } from '../../src/features/digest/daily';
import { records } from '../support/fixtures';
import { openTestDatabase } from '../support/harness';

/**
 * The owner's daily digest (docs/product.md#booking): its content on an ordinary day, silence on an empty one,
 * tomorrow across a DST change, exactly once with two servers racing and across a restart just before the time.
 */
let database: Database & { url?: string };
let dataDir: string;
let config: Config;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'clean-digest-'));
  config = loadConfig({
    DATA_DIR: dataDir,
    NOTIFY_EMAIL: 'owner@bristol.test',
    PUBLIC_URL: 'https://clean.example',
    BUSINESS_TIMEZONE: 'America/New_York',
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => database.db;
const fixtures = records({
  get db() {
    return database.db;
  },
});
const outbox = () => db().select().from(mailOutbox);
const run = (now: string) => runDailyDigest({ db: db(), config }, new Date(now));
const DAY = 24 * 60 * 60 * 1000;

/** The scheduler's log, reduced to the outcome of each run. */
function outcomeLog() {
  const outcomes: string[] = [];
  const log = {
    info: (entry: { outcome: string }) => outcomes.push(entry.outcome),
    error: (entry: { err: unknown }) => outcomes.push(`failed: ${String(entry.err)}`),
  } as unknown as FastifyBaseLogger;
  return { outcomes, log };
}

beforeEach(async () => {
  await db().delete(mailOutbox);
  await db().delete(dailyDigests);
  await db().delete(reviews);
  await fixtures.clearAll();
});

describe('the daily digest', () => {
  it('on an ordinary day mails tomorrow’s visits, waiting requests, late payments and reviews, once', async () => {
    // 18:00 EDT on Tuesday, July 14, 2026; tomorrow runs 2026-07-15T04:00Z .. 2026-07-16T04:00Z.
    const now = '2026-07-14T22:00:00Z';
    const maria = await fixtures.inquiry('Maria Gonzalez', {
      phoneNumber: '8605550101',
      town: 'Bristol',
      status: 'Booked',
    });
    const tom = await fixtures.inquiry('Tom Reilly', {
      phoneNumber: null,
      town: 'Plainville',
      status: 'Booked',
    });
    await fixtures.cleaning(maria, { dateTime: new Date('2026-07-15T13:00:00Z'), amount: 120 });
    await fixtures.cleaning(maria, { dateTime: new Date('2026-07-15T03:59:00Z'), amount: 1 }); // tonight
    await fixtures.cleaning(maria, { dateTime: new Date('2026-07-16T04:00:00Z'), amount: 2 }); // the day after
    const monthly = await fixtures.schedule(tom, { amount: 80, frequency: 'Monthly' });
    await fixtures.paidRecord(monthly, [new Date('2026-07-15T18:30:00Z')]);
    // Weekly, created long ago and never paid: overdue.
    await fixtures.schedule(maria, {
      amount: 45.5,
      frequency: 'Weekly',
      createdAt: new Date('2026-06-01T12:00:00Z'),
    });
    const at = (ms: number) => new Date(new Date(now).getTime() - ms);
    await fixtures.inquiry('Ann Waiting', {
      town: 'Southington',
      phoneNumber: '8605550177',
      submittedAt: at(2 * DAY),
    });
    await fixtures.inquiry('Fresh Lead', { submittedAt: at(DAY / 2) });
    await fixtures.inquiry('Called Already', { status: 'Contacted', submittedAt: at(3 * DAY) });
    await db()
      .insert(reviews)
      .values([
        { reviewerName: 'Jane Pending', rating: 5 },
        { reviewerName: 'Old Approved', rating: 4, status: 'approved' },
      ]);

    expect(await run(now)).toBe('mailed');
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('owner@bristol.test');
    expect(mails[0]?.subject).toBe(
      'Tomorrow, Wednesday, July 15: 2 visits, 1 request waiting, 1 payment overdue, 1 review to approve',
    );
    expect(mails[0]?.body).toBe(
      [
        'Tomorrow, Wednesday, July 15: 2 visits.',
        '  9:00 AM  Maria Gonzalez, Bristol — $120.00 (one-time) — (860) 555-0101',
        '  2:30 PM  Tom Reilly, Plainville — $80.00 (recurring) — no phone',
        '',
        'Booking requests still "New Inquiry" after 24 hours: 1',
        '  Ann Waiting, Southington — (860) 555-0177 — since Jul 12',
        '',
        'Payments overdue: 1',
        '  Maria Gonzalez — $45.50 Weekly — 36 days late',
        '',
        'Reviews waiting for approval: 1',
        '  Jane Pending (5 of 5)',
        '',
        'Open the contact center: https://clean.example/contact-center',
      ].join('\n'),
    );
    // Later the same business day (a second run, e.g. a catch-up after a restart): nothing more.
    expect(await run('2026-07-15T03:59:00Z')).toBe('already done');
    expect(await outbox()).toHaveLength(1);
  });

  it('lists tomorrow’s planned recurring visits, not skipped ones, and a Done & paid visit once', async () => {
    const now = '2026-07-14T22:00:00Z'; // tomorrow: Wednesday, July 15, 2026 (EDT)
    const ann = await fixtures.inquiry('Ann Weekly', { town: 'Bristol', phoneNumber: '8605550111' });
    const bob = await fixtures.inquiry('Bob Skipped', { phoneNumber: null });
    const cy = await fixtures.inquiry('Cy Paid', { phoneNumber: null });
    await fixtures.schedule(ann, {
      amount: 90,
      frequency: 'Weekly',
      firstVisitAt: new Date('2026-07-01T12:00:00Z'), // Wednesdays 8:00
      createdAt: new Date('2026-07-10T12:00:00Z'),
    });
    const skipped = await fixtures.schedule(bob, {
      frequency: 'Every 2 weeks',
      firstVisitAt: new Date('2026-07-01T14:00:00Z'),
      createdAt: new Date('2026-07-10T12:00:00Z'),
    });
    await db()
      .insert(visitExceptions)
      .values({
        recurringPaymentId: skipped,
        originalStart: new Date('2026-07-15T14:00:00Z'),
        status: 'skipped',
      });
    const paid = await fixtures.schedule(cy, {
      amount: 70,
      frequency: 'Monthly',
      firstVisitAt: new Date('2026-06-15T16:00:00Z'),
      createdAt: new Date('2026-07-10T12:00:00Z'),
    });
    const record = await fixtures.paidRecord(paid, [new Date('2026-07-15T16:00:00Z')], { amountPaid: 70 });
    await db()
      .insert(visitExceptions)
      .values({
        recurringPaymentId: paid,
        originalStart: new Date('2026-07-15T16:00:00Z'),
        status: 'done',
        recurringPaidId: record,
      });

    expect(await run(now)).toBe('mailed');
    const [mail] = await outbox();
    expect(mail?.body.split('\n').slice(0, 3)).toEqual([
      'Tomorrow, Wednesday, July 15: 2 visits.',
      '  8:00 AM  Ann Weekly, Bristol — $90.00 (recurring) — (860) 555-0111',
      '  12:00 PM  Cy Paid — $70.00 (recurring) — no phone',
    ]);
  });

  it('sends nothing on a day with nothing to say, and records the day', async () => {
    await fixtures.inquiry('Contacted Only', { status: 'Contacted' });
    expect(await run('2026-07-20T22:00:00Z')).toBe('nothing to say');
    expect(await outbox()).toEqual([]);
    expect(await db().select().from(dailyDigests)).toMatchObject([
      { businessDate: '2026-07-20', mailed: false },
    ]);
    expect(await run('2026-07-20T23:00:00Z')).toBe('already done');
  });

  it('takes tomorrow from midnight to midnight in the business zone across DST changes', async () => {
    // Spring forward: Sunday, March 8, 2026 has 23 hours in New York.
    expect(tomorrowOf(new Date('2026-03-07T23:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
    // Fall back: Sunday, November 1, 2026 has 25 hours.
    expect(tomorrowOf(new Date('2026-10-31T22:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-11-02T05:00:00Z'),
    });
    const ana = await fixtures.inquiry('Ana Late', { phoneNumber: '8605550111', status: 'Booked' });
    await fixtures.cleaning(ana, { dateTime: new Date('2026-03-09T03:30:00Z'), amount: 90 }); // 11:30 PM EDT
    await fixtures.cleaning(ana, { dateTime: new Date('2026-03-09T04:30:00Z'), amount: 91 }); // Monday 00:30
    await fixtures.cleaning(ana, { dateTime: new Date('2026-03-08T04:59:00Z'), amount: 92 }); // Saturday 23:59
    // 18:00 EST on Saturday, March 7.
    expect(await run('2026-03-07T23:00:00Z')).toBe('mailed');
    const [mail] = await outbox();
    expect(mail?.body.split('\n').slice(0, 2)).toEqual([
      'Tomorrow, Sunday, March 8: 1 visit.',
      '  11:30 PM  Ana Late — $90.00 (one-time) — (860) 555-0111',
    ]);
    // The time of day stays 18:00 on the wall clock on both sides of the change.
    const digest = scheduleDailyDigest({
      db: db(),
      config,
      time: { hour: 18, minute: 0 },
      log: outcomeLog().log,
      now: () => new Date('2026-03-07T12:00:00Z'),
    });
    try {
      expect(digest?.nextRun()?.toISOString()).toBe('2026-03-07T23:00:00.000Z');
    } finally {
      await digest?.stop();
    }
    const after = scheduleDailyDigest({
      db: db(),
      config,
      time: { hour: 18, minute: 0 },
      log: outcomeLog().log,
      now: () => new Date('2026-03-08T12:00:00Z'),
    });
    try {
      expect(after?.nextRun()?.toISOString()).toBe('2026-03-08T22:00:00.000Z');
    } finally {
      await after?.stop();
    }
  });

  it('is mailed exactly once when two servers run it at the same moment', async () => {
    await fixtures.inquiry('Waiting Long', { submittedAt: new Date('2026-07-01T12:00:00Z') });
    // On PostgreSQL the second server has its own pool; one PGlite belongs to one process, so there both share it.
    const other = database.url ? await openDatabase({ databaseUrl: database.url, migrate: false }) : database;
    try {
      const now = new Date('2026-07-21T22:00:00Z');
      const outcomes = await Promise.all(
        [database, other, database, other].map((d) => runDailyDigest({ db: d.db, config }, now)),
      );
      expect(outcomes.sort()).toEqual(['already done', 'already done', 'already done', 'mailed']);
      expect(await outbox()).toHaveLength(1);
    } finally {
      if (other !== database) await other.close();
    }
  });

  it('restarted at 17:59 waits for 18:00; started after 18:00 catches up once', async () => {
    await fixtures.inquiry('Waiting Long', { submittedAt: new Date('2026-07-01T12:00:00Z') });
    const start = (now: string) => {
      const { outcomes, log } = outcomeLog();
      const digest = scheduleDailyDigest({
        db: db(),
        config,
        time: config.digestTime,
        log,
        now: () => new Date(now),
      });
      return { digest, outcomes };
    };
    // 17:59 EDT: nothing yet; the next run is at 18:00 today.
    const early = start('2026-07-22T21:59:00Z');
    expect(early.digest?.settled()).toBeUndefined();
    expect(early.digest?.nextRun()?.toISOString()).toBe('2026-07-22T22:00:00.000Z');
    await early.digest?.stop();
    expect(await outbox()).toEqual([]);
    // Down at 18:00 and back at 18:05: today's digest goes out at start.
    const late = start('2026-07-22T22:05:00Z');
    await late.digest?.settled();
    await late.digest?.stop();
    expect(late.outcomes).toEqual(['mailed']);
    // Restarted again at 18:06: the day's row says it is done.
    const again = start('2026-07-22T22:06:00Z');
    await again.digest?.settled();
    await again.digest?.stop();
    expect(again.outcomes).toEqual(['already done']);
    expect(await outbox()).toHaveLength(1);
  });

  it('is off with DIGEST_TIME=off, and a bad DIGEST_TIME stops start-up', () => {
    expect(loadConfig({ DIGEST_TIME: 'off' }).digestTime).toBeUndefined();
    expect(loadConfig({}).digestTime).toEqual({ hour: 18, minute: 0 });
    expect(() => loadConfig({ DIGEST_TIME: '6pm' })).toThrow(/DIGEST_TIME/);
  });
});
