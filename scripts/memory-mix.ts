import type autocannon from 'autocannon';
import { PROCESS_ADMIN_PASSWORD } from '../apps/server/test/support/server-process';

/** One cycle of the mix, by share: mostly visitors reading, some of the owner's work, a few writes and sign-ins. */
export function mix(token: string): autocannon.Request[] {
  const admin = { authorization: `Bearer ${token}` };
  const json = { 'content-type': 'application/json' };
  const get = (p: string, times: number, headers = {}) =>
    Array.from({ length: times }, () => ({ method: 'GET' as const, path: p, headers }));
  return [
    ...get('/', 10),
    ...get('/packages', 5),
    ...get('/gallery', 5),
    ...get('/reviews', 5),
    ...get('/contact', 5),
    ...get('/api/packages', 10),
    ...get('/api/gallery', 10),
    ...get('/api/reviews', 10),
    ...get('/api/contact-status', 5),
    ...get('/api/inquiries?page=1&limit=6', 5, admin),
    ...get('/api/one_time_cleanings?page=1&limit=5', 5, admin),
    ...get('/api/recurring_payments?page=1&limit=5', 5, admin),
    ...get('/api/inquiries?name=mar&page=1&limit=20', 5, admin),
    ...get('/api/total_paid_cleanings_summary', 4, admin),
    ...Array.from({ length: 4 }, () => ({
      method: 'POST' as const,
      path: '/api/inquiries',
      headers: json,
      body: JSON.stringify({ name: 'Memory Bench', phone_number: '8605550100', town: 'Bristol' }),
    })),
    {
      method: 'POST',
      path: '/signin',
      headers: json,
      body: JSON.stringify({ username: 'admin', password: PROCESS_ADMIN_PASSWORD }),
    },
  ];
}

/**
 * The server's environment for the mix (bench:memory, heap-snapshots): demo content, quiet logs, no backups, and
 * limits high enough for sign-ins and booking requests that all come from one client.
 */
export function mixServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
    DEMO_CONTENT: '1',
    LOG_LEVEL: 'warn',
    BACKUP_KEEP: '0',
    RATE_LIMIT_AUTH: '10000000',
    RATE_LIMIT_PUBLIC_WRITE: '10000000',
  };
}
