import { Readable } from 'node:stream';
import { tzOffset } from '@date-fns/tz';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** Rows fetched per query while exporting: the export holds one batch at a time, never the whole table. */
export const EXPORT_BATCH = 1000;

/**
 * The request timeout (REQUEST_TIMEOUT_MS) cuts a response off even while it is streaming; a long export on a
 * busy server is not a stalled request, so export routes get this much instead.
 */
export const EXPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * A spreadsheet would run a cell beginning with = + - @ (or tab / carriage return, which some skip first) as a
 * formula: `=HYPERLINK(...)` in a name could phone home. Some spreadsheets read the fullwidth forms ＝ ＋ － ＠ as
 * the same characters. A leading apostrophe makes it plain text (OWASP). (Escaped: one character beyond ASCII in
 * the compiled server would make V8 hold its whole source at two bytes a character; see build.ts.)
 */
export const neutralise = (value: string) =>
  /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;

export type Cell = string | number | boolean | Date | null | undefined;

const QUARTER_HOUR = 15 * 60 * 1000;
const offsets = new Map<string, number>();
/**
 * `yyyy-MM-dd HH:mm` wall time in the zone. Zone offsets only change on quarter hours, so each quarter hour's
 * offset is computed once (formatting 100,000 dates through Intl each time takes seconds).
 */
export function wallTime(date: Date, timeZone: string): string {
  const key = `${timeZone} ${Math.floor(date.getTime() / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = tzOffset(timeZone, date);
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Turns each cell into text: dates in the business zone, amounts to the cent, text neutralised. */
export function cellText(value: Cell, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return wallTime(value, timeZone);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return neutralise(value);
}
export const cents = (amount: number) => amount.toFixed(2);

/**
 * Keyset batches over a table, newest id first: each query starts below the last id seen, so every batch is an
 * index range (no OFFSET that grows with the export).
 */
export async function* inBatches<T extends { id: number }>(
  fetch: (beforeId: number | null, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let before: number | null = null;
  for (;;) {
    const batch = await fetch(before, EXPORT_BATCH);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < EXPORT_BATCH) return;
    before = (batch.at(-1) as T).id;
  }
}

/** Streams `rows` as a CSV download with a header row; memory stays at one batch whatever the size. */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>,
  timeZone: string,
) {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map((cell) => cellText(cell, timeZone));
    })(),
  );
  // CRLF line ends, as RFC 4180 and spreadsheets expect.
  const csv = source.pipe(stringify({ header: true, columns: header, record_delimiter: 'windows' }));
  source.on('error', (err) => csv.destroy(err));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
