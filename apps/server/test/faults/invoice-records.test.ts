import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_BILLING } from '@clean/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { rows } from '../../src/features/backups/catalog';
import { gzippedDump, writeBackupFile } from '../../src/features/backups/dump';
import { restoreBackup } from '../../src/features/backups/restore';
import { billingSettings } from '../../src/features/billing/store';
import { invoicesService } from '../../src/features/invoices/service';

const work = mkdtempSync(path.join(tmpdir(), 'clean-fault-invoices-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dir = (name: string) => path.join(work, name);

const TABLES = ['invoices', 'invoice_lines', 'invoice_payments', 'invoice_counters'] as const;

/** Every row of the invoice tables as PostgreSQL prints it, in key order: equal dumps are equal records. */
async function canonicalDump(database: Database) {
  const dump: Record<string, string[]> = {};
  for (const table of TABLES) {
    const found = await rows<{ row: string }>(
      database.db,
      sql.raw(`select t::text as row from ${table} t order by 1`),
    );
    dump[table] = found.map((r) => r.row);
  }
  return dump;
}

const serviceOn = (database: Database) =>
  invoicesService({
    db: database.db,
    timezone: 'America/New_York',
    clock: () => new Date('2027-03-10T15:00:00Z'),
    billingSettings,
    facts: async () => ({
      business: { name: 'Bristol Eco Clean', phone: '(860) 555-0142', email: 'a@example.com', region: 'CT' },
      billing: DEFAULT_BILLING,
    }),
  });

describe('invoices in a backup', () => {
  test('invoices, lines, payments and counters come back byte for byte; the next number follows on', async () => {
    const source = await openDatabase({ dataDir: dir('source') });
    const [inquiry] = await rows<{ id: number }>(
      source.db,
      sql`insert into inquiries (name, email, town) values ('Zoë O''Brien', 'zoe@example.com', 'Bristol') returning id`,
    );
    const inquiryId = inquiry?.id ?? 0;
    const invoices = serviceOn(source);
    const numbers: string[] = [];
    for (const [i, amount] of [136.17, 0.01, 9_999.99].entries()) {
      const draft = await invoices.create({
        inquiry_id: inquiryId,
        lines: [
          {
            description: `Deep clean — “${i}”`,
            quantity: 1.5,
            unit_amount: amount,
            taxable: true,
            visit_key: null,
          },
          { description: 'Supplies', quantity: 2, unit_amount: 3.33, taxable: false, visit_key: `o${i}` },
        ],
        discount: 0.07,
        notes: i === 0 ? 'Line one\nline two' : null,
      });
      const issued = await invoices.issue(draft.id, false);
      numbers.push(issued.number ?? '');
      if (i === 0) {
        await invoices.addPayment(
          draft.id,
          {
            amount: 10.01,
            method: 'zelle',
            received_on: '2027-03-10',
            tip: 2.5,
            note: 'first',
            notify_customer: false,
          },
          false,
        );
      }
      if (i === 1) await invoices.void(draft.id, 'Entered twice', false);
    }
    // A draft too: it has no number, and keeps none after the restore.
    await invoices.create({
      inquiry_id: inquiryId,
      lines: [{ description: 'Windows', quantity: 1, unit_amount: 40, taxable: true, visit_key: null }],
      discount: 0,
      notes: null,
    });
    expect(numbers).toEqual(['2027-0001', '2027-0002', '2027-0003']);
    const before = await canonicalDump(source);
    expect(before.invoice_payments).toHaveLength(1);
    const file = dir('invoices.jsonl.gz');
    await writeBackupFile(file, gzippedDump(source));
    await source.close();

    const target = await openDatabase({ dataDir: dir('target'), migrate: false });
    try {
      await restoreBackup(target, file, 'the new data folder');
      expect(await canonicalDump(target)).toEqual(before);
      const restored = serviceOn(target);
      const next = await restored.create({
        inquiry_id: inquiryId,
        lines: [
          { description: 'Standard clean', quantity: 1, unit_amount: 100, taxable: true, visit_key: null },
        ],
        discount: 0,
        notes: null,
      });
      expect((await restored.issue(next.id, false)).number).toBe('2027-0004');
    } finally {
      await target.close();
    }
  });
});
