import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The build's empty PostgreSQL cluster, beside the compiled worker in dist/. */
export const PGLITE_TEMPLATE = 'pglite-template.tar.gz';

/**
 * A new DATA_DIR used to start with initdb inside PGlite: a second WASM instance and thousands of small files,
 * about 3 s of a core on this machine, two thirds of a first start. The build runs initdb once and keeps the
 * cluster it made (5 MB, gzip); a new folder unpacks it (`loadDataTemplate`) in a fraction of that. Migrations
 * still run at open, so the template is exactly what initdb makes and a restore can use it too.
 */
export async function writePgliteTemplate(file: string) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  try {
    const pg = await PGlite.create({ dataDir: path.join(scratch, 'db') });
    await pg.exec('CHECKPOINT');
    const tarball = await pg.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    await pg.close();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The template for a new data folder, when this is a build that has one (not when running from source). */
export function loadDataTemplate(besideModule: string): Blob | undefined {
  try {
    return new Blob([readFileSync(path.join(besideModule, PGLITE_TEMPLATE))]);
  } catch {
    return undefined;
  }
}
