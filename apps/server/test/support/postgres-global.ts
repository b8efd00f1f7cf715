import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one PostgreSQL 15 server for the api-postgres project; each test file gets its own database. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('pgUrl', server.url);
  return () => server.stop();
}
