import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';

/**
 * A backup is one gzipped file of JSON lines, the same whichever database wrote it:
 *   line 1: the header below (what to expect, table by table, in an order that satisfies the foreign keys);
 *   then each table's rows, `rows` lines per table in header order, each row as PostgreSQL's row_to_json wrote it
 *   (exact numerics, timestamps with their offset), so PostgreSQL reads them back with json_populate_recordset
 *   without JavaScript ever rounding a value.
 */
export const BACKUP_FORMAT = 'bristol-eco-clean-backup';
export const BACKUP_VERSION = 1;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** Drizzle's record of applied migrations: how many, and the newest one's timestamp (its journal `when`). */
  migrations: z.object({ count: z.number().int().min(0), last: z.number().nullable() }),
  tables: z.array(
    z.object({ name: z.string().min(1), columns: z.array(z.string()), rows: z.number().int().min(0) }),
  ),
  /** The highest value each id sequence had handed out, so restored ids are never handed out again. */
  sequences: z.array(z.object({ table: z.string(), column: z.string(), value: z.string().regex(/^-?\d+$/) })),
});

export type BackupHeader = z.infer<typeof headerSchema>;

export class BackupFileError extends Error {}

export type BackupReader = {
  header: BackupHeader;
  /** The next line of rows, or undefined at the end of the file. */
  next: () => Promise<string | undefined>;
  close: () => void;
};

/** Opens a backup, reads and checks its header; rows are then read line by line. */
export async function openBackup(file: string): Promise<BackupReader> {
  const source = createReadStream(file);
  try {
    await once(source, 'open'); // rejects with the 'error' event
  } catch (err) {
    throw new BackupFileError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const gunzip = createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const lines = splitLines(gunzip);
  const next = async () => {
    try {
      const result = await lines.next();
      return result.done ? undefined : result.value;
    } catch (err) {
      throw new BackupFileError(`${file} is damaged or incomplete (${(err as Error).message}).`);
    }
  };
  const close = () => {
    source.destroy();
    gunzip.destroy();
  };
  let header: BackupHeader;
  try {
    header = headerSchema.parse(JSON.parse((await next()) ?? ''));
  } catch {
    close();
    throw new BackupFileError(`${file} is not a backup file of this application (format ${BACKUP_VERSION}).`);
  }
  return { header, next, close };
}

/** Lines of a byte stream; a stream error (a damaged gzip file) surfaces as a rejected next(). */
async function* splitLines(stream: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of stream) {
    rest += decoder.write(chunk);
    let start = 0;
    for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n', start)) {
      yield rest.slice(start, end);
      start = end + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/** Reads a whole backup through to check it is complete: every table's row count, and gzip's checksum. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  const reader = await openBackup(file);
  try {
    const expected = reader.header.tables.reduce((sum, t) => sum + t.rows, 0);
    let found = 0;
    while ((await reader.next()) !== undefined) found++;
    if (found !== expected) {
      throw new BackupFileError(
        `${file} is incomplete: ${found} rows where the header promises ${expected}.`,
      );
    }
    return reader.header;
  } finally {
    reader.close();
  }
}

export type TextSink = { write: (text: string) => Promise<void> };

/** A gzip stream into `dest` with backpressure; `end` resolves once everything is flushed to `dest`. */
export function gzipSink(dest: Writable) {
  const gzip = createGzip();
  const finished = pipeline(gzip, dest);
  finished.catch(() => {}); // observed through write() and end()
  return {
    async write(text: string) {
      if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), finished]);
    },
    async end() {
      gzip.end();
      await finished;
    },
    abort(err: Error) {
      gzip.destroy(err);
    },
  };
}
