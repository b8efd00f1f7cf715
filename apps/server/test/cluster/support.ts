import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Child, spawnChild, waitForUrl } from '../support/child';

const root = path.resolve(import.meta.dirname, '../../../..');
/** Debian's haproxy package (installed by .ci/run); HAPROXY_BIN to use another. */
const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/**
 * deploy/haproxy.cfg as it is, listening on 127.0.0.1:`port` in front of the app servers on `ports`; the only
 * addition is a header naming the server that answered, for the test to see both take turns.
 */
export function haproxyConfig(port: number, ports: number[]): string {
  let config = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(config)) throw new Error(`deploy/haproxy.cfg has no line matching ${pattern}`);
    config = config.replace(pattern, by);
  };
  replace(/^(\s*bind )\S+/m, `$1127.0.0.1:${port}`);
  ports.forEach((p, i) => {
    replace(new RegExp(`^(\\s*server app${i + 1} )\\S+`, 'm'), `$1127.0.0.1:${p}`);
  });
  replace(/^backend app$/m, 'backend app\n  http-response set-header x-served-by %s');
  return config;
}

export async function startHaproxy(port: number, ports: number[]): Promise<Child & { url: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clean-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, ports));
  const proc = spawnChild([HAPROXY, '-db', '-f', file], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '' },
  });
  void proc.exited.then(() => rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/api/health`, proc, 30_000);
  return { ...proc, url };
}

export type Outcome = { phase: string; what: string; status: number | string; ok: boolean; servedBy: string };

export type MixedLoad = {
  phase: string;
  outcomes: Outcome[];
  /** Names of bookings answered 201. */
  acknowledged: string[];
  stop: () => Promise<void>;
};

/**
 * `workers` clients taking turns through public pages, public JSON reads, a hub list and booking requests, each
 * pausing `pauseMs` between requests (a bounded load on a shared machine). Every outcome is kept with the phase
 * it started in.
 */
export function startMixedLoad(
  base: string,
  token: string,
  prefix: string,
  workers = 3,
  pauseMs = 15,
): MixedLoad {
  const load: MixedLoad = { phase: 'start', outcomes: [], acknowledged: [], stop: async () => {} };
  const reads = ['/', '/packages', '/api/packages', '/api/reviews', '/api/contact-status'];
  let running = true;
  let n = 0;
  const one = async (i: number) => {
    const phase = load.phase;
    const kind = i % 7;
    const name = `${prefix}-${n++}`;
    const request: { what: string; url: string; init: RequestInit; expect: number } =
      kind === 5
        ? {
            what: 'POST /api/inquiries',
            url: '/api/inquiries',
            init: {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ name, phone_number: '8605550100', town: 'Bristol' }),
            },
            expect: 201,
          }
        : kind === 6
          ? {
              what: 'GET /api/inquiries (hub)',
              url: '/api/inquiries?name=cluster',
              init: { headers: { authorization: `Bearer ${token}` } },
              expect: 200,
            }
          : { what: `GET ${reads[kind]}`, url: reads[kind] as string, init: {}, expect: 200 };
    try {
      const res = await fetch(`${base}${request.url}`, {
        ...request.init,
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer();
      const ok = res.status === request.expect;
      if (ok && kind === 5) load.acknowledged.push(name);
      load.outcomes.push({
        phase,
        what: request.what,
        status: res.status,
        ok,
        servedBy: res.headers.get('x-served-by') ?? '',
      });
    } catch (err) {
      load.outcomes.push({ phase, what: request.what, status: String(err), ok: false, servedBy: '' });
    }
  };
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = w; running; i++) {
      await one(i);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  });
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}
