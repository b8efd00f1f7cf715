import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { foreignKeyOrder } from '../../src/features/backups/catalog';
import {
  nightlyFileName,
  nightlyPattern,
  pruneBackups,
  scheduleNightlyBackups,
} from '../../src/features/backups/nightly';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'clean-backups-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('pruning nightly backups', () => {
  it('keeps the newest BACKUP_KEEP files and touches nothing else in the folder', () => {
    const nightly = Array.from(
      { length: 20 },
      (_, i) => `backup-2026-10-${String(i + 1).padStart(2, '0')}.jsonl.gz`,
    );
    for (const name of [...nightly, 'my-own.jsonl.gz', 'backup-2026-10-21.jsonl.gz.partial', 'notes.txt']) {
      writeFileSync(path.join(dir, name), '');
    }
    const removed = pruneBackups(dir, 14);
    expect(removed).toHaveLength(6);
    expect(removed).toContain('backup-2026-10-01.jsonl.gz');
    const left = readdirSync(dir).sort();
    expect(left.filter((n) => n.endsWith('.jsonl.gz') && n.startsWith('backup-'))).toEqual(nightly.slice(6));
    expect(left).toContain('my-own.jsonl.gz');
    expect(left).toContain('notes.txt');
  });

  it('orders by date across months and years, not by file time', () => {
    for (const name of [
      'backup-2025-12-31.jsonl.gz',
      'backup-2026-01-01.jsonl.gz',
      'backup-2026-02-01.jsonl.gz',
    ]) {
      writeFileSync(path.join(dir, name), '');
    }
    expect(pruneBackups(dir, 2)).toEqual(['backup-2025-12-31.jsonl.gz']);
  });
});

describe('scheduling', () => {
  it('names a backup by the business date, not the UTC one', () => {
    // 02:00 UTC on Nov 22 is still Nov 21 in New York.
    expect(nightlyFileName(new Date('2026-11-22T02:00:00Z'), 'America/New_York')).toBe(
      'backup-2026-11-21.jsonl.gz',
    );
    expect(nightlyFileName(new Date('2026-11-22T02:00:00Z'), 'Europe/Berlin')).toBe(
      'backup-2026-11-22.jsonl.gz',
    );
  });

  it('runs at the configured wall-clock time in the business zone, across daylight-saving changes', () => {
    const job = new Cron(nightlyPattern({ hour: 3, minute: 30 }), {
      timezone: 'America/New_York',
      paused: true,
    });
    // Before and after the spring and autumn changes of 2026 (March 8, November 1).
    const runs = [
      ...job.nextRuns(3, new Date('2026-03-06T12:00:00Z')),
      ...job.nextRuns(3, new Date('2026-10-30T12:00:00Z')),
    ];
    job.stop();
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(runs.map((d) => wall.format(d))).toEqual(Array(6).fill('03:30'));
    expect(runs.map((d) => d.toISOString().slice(11, 16))).toEqual([
      '08:30', // Mar 7, EST
      '07:30', // Mar 8, EDT from 02:00 that night
      '07:30',
      '07:30', // Oct 31, EDT
      '08:30', // Nov 1, EST from 02:00 that night
      '08:30',
    ]);
  });

  it('schedules the next run within a day, and nothing with BACKUP_KEEP=0', async () => {
    const options = {
      database: {} as Database,
      dataDir: dir,
      time: { hour: 4, minute: 15 },
      timezone: 'Europe/Berlin',
      log: { info() {}, error() {} } as unknown as FastifyBaseLogger,
    };
    expect(scheduleNightlyBackups({ ...options, keep: 0 })).toBeUndefined();
    const schedule = scheduleNightlyBackups({ ...options, keep: 14 });
    const next = schedule?.nextRun();
    await schedule?.stop();
    expect(next).toBeInstanceOf(Date);
    const ms = (next as Date).getTime() - Date.now();
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(25 * 60 * 60 * 1000);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', timeStyle: 'short' }).format(
        next as Date,
      ),
    ).toBe('04:15');
  });
});

describe('table order for a restore', () => {
  it('puts every parent before the tables that refer to it, and reports a cycle', () => {
    const tables = ['paid_dates', 'paid', 'schedules', 'inquiries', 'users', 'tree'].map((name) => ({
      name,
    }));
    const refs = [
      { child: 'paid_dates', parent: 'paid' },
      { child: 'paid', parent: 'schedules' },
      { child: 'schedules', parent: 'inquiries' },
      { child: 'tree', parent: 'tree' },
    ];
    const order = foreignKeyOrder(tables, refs).map((t) => t.name);
    expect(order).toHaveLength(6);
    for (const r of refs) expect(order.indexOf(r.parent)).toBeLessThanOrEqual(order.indexOf(r.child));
    expect(() =>
      foreignKeyOrder(
        [{ name: 'a' }, { name: 'b' }],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle/);
  });
});
