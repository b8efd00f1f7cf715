import { type Column, ilike, type SQL } from 'drizzle-orm';

/** `column ILIKE %text%` with the user's text taken literally (%, _ and \ escaped); served by trigram indexes. */
export function contains(column: Column | SQL, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return ilike(column, `%${escaped}%`);
}
