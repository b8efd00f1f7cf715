import { defaultSiteConfig } from '@clean/shared';
import ical, { type VEvent } from 'node-ical';
import { expect, it } from 'vitest';
import { inquiries, oneTimeCleanings } from '../../src/db/schema';
import { useTestApp } from '../support/harness';

/**
 * The owner's feed with hostile text in every value it writes: the business's name (from SITE_CONFIG_FILE, which
 * the hub's one-line rule does not guard), a customer's name and notes as stored, controls included.
 */
const NAME = 'Sparkle; Shine, \\ Co\r\nX-EVIL:1';
const t = useTestApp({
  publicUrl: 'https://clean.example',
  site: { ...defaultSiteConfig, timezone: 'America/New_York', businessName: NAME },
});

it('escapes and folds every text value: one property a line, each at most 75 octets, read back as stored', async () => {
  const [inquiry] = await t.db
    .insert(inquiries)
    .values({ name: `O'Brien, Ann; \\ Jr\u0007\nX-EVIL:2`, phoneNumber: '8605550111' })
    .returning({ id: inquiries.id });
  const notes = `Key; under, the mat\\\r\nBEGIN:VEVENT\n${'Ring twice — ünd 🧽 '.repeat(8)}`;
  await t.db.insert(oneTimeCleanings).values({
    inquiryId: inquiry?.id as number,
    dateTime: new Date(Date.now() + 2 * 86_400_000),
    amount: 100,
    notes,
  });
  const url = (await t.asAdmin('GET', '/api/calendar_feed')).json<{ url: string }>().url;
  const res = await t.anonymous('GET', new URL(url).pathname);
  expect(res.statusCode).toBe(200);

  const lines = res.body.split('\r\n');
  for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  expect(lines.filter((l) => l !== '' && !/^([A-Z-]+[:;]| )/.test(l))).toEqual([]);
  expect(lines.filter((l) => /^(X-EVIL|BEGIN:VEVENT)/.test(l))).toHaveLength(1);
  expect(res.body.replace(/\r\n /g, '')).toContain(
    'X-WR-CALNAME:Sparkle\\; Shine\\, \\\\ Co\\nX-EVIL:1 cleanings\r\n',
  );
  const [event] = Object.values(ical.sync.parseICS(res.body)).filter(
    (c): c is VEvent => c?.type === 'VEVENT',
  );
  expect(event?.summary).toBe("One-Time: O'Brien, Ann; \\ Jr\nX-EVIL:2");
  expect(event?.description).toBe(`Phone: (860) 555-0111\nNotes: ${notes.replace('\r\n', '\n')}`);
});
