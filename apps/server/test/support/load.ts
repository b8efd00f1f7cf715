import type { ServerProcess } from './server-process';

/** One public booking request; its name makes it findable afterwards. */
export async function book(url: string, name: string, timeoutMs = 5_000): Promise<Response> {
  return fetch(`${url}/api/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: 'fault@example.com', town: 'Bristol' }),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

export type Load = {
  /** Names of bookings the server acknowledged with 201. */
  acknowledged: string[];
  /** Status codes (or 'network' for no answer) of every request that was not a 201. */
  failures: (number | string)[];
  stop: () => Promise<void>;
};

/** `workers` loops of back-to-back bookings until stop(); each answered 201 is recorded as acknowledged. */
export function startLoad(server: Pick<ServerProcess, 'url'>, prefix: string, workers = 4): Load {
  const load: Load = { acknowledged: [], failures: [], stop: async () => {} };
  let running = true;
  let n = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const name = `${prefix}-${n++}`;
      try {
        const res = await book(server.url, name);
        await res.arrayBuffer();
        if (res.status === 201) load.acknowledged.push(name);
        else load.failures.push(res.status);
      } catch {
        load.failures.push('network');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

/** Every inquiry name the server lists (admin). */
export async function inquiryNames(url: string, token: string): Promise<Set<string>> {
  const res = await fetch(`${url}/api/inquiries`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`listing inquiries failed: ${res.status}`);
  const rows = (await res.json()) as { name: string }[];
  return new Set(rows.map((r) => r.name));
}

/** Polls `check` until it returns true; returns the milliseconds it took, or throws after timeoutMs. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if (await check()) return Date.now() - start;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

export async function healthStatus(url: string, timeoutMs = 5_000): Promise<number> {
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
  await res.arrayBuffer();
  return res.status;
}
