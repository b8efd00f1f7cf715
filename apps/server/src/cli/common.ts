import path from 'node:path';
import { ConfigError, invocationDir } from '../config';
import { ownFilesOnly } from '../db/data-dir';
import { DataDirError } from '../db/lock';
import { BackupFileError } from '../features/backups/format';
import { RestoreError } from '../features/backups/restore';

/** The FILE argument, resolved against the folder the user typed the command in. */
export function fileArgument(usage: string): string {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith('-')) fail(usage);
  return path.resolve(invocationDir(), file);
}

/** A database URL fit for a message: without its password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return `the database ${u.toString()}`;
  } catch {
    return 'the database';
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Runs a command: its expected failures end with their one-line message and exit code 1. */
export async function runCommand(what: string, main: () => Promise<string>) {
  // A restored database and a backup's partial file hold the same secrets as DATA_DIR.
  ownFilesOnly();
  try {
    console.log(await main());
    process.exit(0);
  } catch (err) {
    const known =
      err instanceof ConfigError ||
      err instanceof DataDirError ||
      err instanceof BackupFileError ||
      err instanceof RestoreError;
    fail(known ? (err as Error).message : `${what} failed: ${(err as Error).message}`);
  }
}

export const rowCount = (tables: { rows: number }[]) => tables.reduce((sum, t) => sum + t.rows, 0);
