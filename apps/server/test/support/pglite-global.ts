import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data folder whose `db/` is an embedded cluster with every migration applied (harness.ts copies it). */
    pgliteTemplate: string;
  }
}

/**
 * Runs initdb and the migrations once for the api-pglite project. Each test file then starts from a copy of the
 * folder: opening a new folder costs about 3 s of a core (initdb in a WASM instance of its own, then every
 * migration), copying it a few milliseconds, and the server still opens the copy the way it opens any folder.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-test-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  project.provide('pgliteTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
