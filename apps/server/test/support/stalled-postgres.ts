import { afterAll, beforeAll } from 'vitest';
import { type PostgresServer, startPostgres } from './postgres';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * A throwaway PostgreSQL and one server process on it, for the stall fault tests: `stall()` freezes every
 * PostgreSQL process (SIGSTOP), `resume()` lets them go on; the suite's end resumes and stops both whatever happened.
 */
export function useStallablePostgres(env: Record<string, string>) {
  let postgres: PostgresServer;
  let server: ServerProcess;
  let stopped: number[] = [];
  const resume = () => {
    for (const pid of stopped) process.kill(pid, 'SIGCONT');
    stopped = [];
  };
  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServerProcess({ DATABASE_URL: postgres.url, ...env });
  });
  afterAll(async () => {
    resume();
    await server?.stop();
    postgres?.stop();
  });
  return {
    server: () => server,
    stall() {
      stopped = postgres.pids();
      for (const pid of stopped) process.kill(pid, 'SIGSTOP');
    },
    resume,
  };
}
