import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Child } from '../support/child';
import { waitFor } from '../support/load';
import { type PostgresServer, startPostgres } from '../support/postgres';
import { adminToken, freePort, type ServerProcess, startServerProcess } from '../support/server-process';
import { startSmtp } from '../support/smtp';
import { type MixedLoad, startHaproxy, startMixedLoad } from './support';

/**
 * The deployment of docs/operations.md "Deploying" with real parts: deploy/haproxy.cfg in front of two app servers (real
 * processes) on one PostgreSQL 15, mail to a real SMTP peer, a bounded mixed load through the proxy.
 * For a before/after by hand: CLUSTER_DRAIN=0 (no drain), CLUSTER_WORKERS / CLUSTER_PAUSE (a heavier load, e.g. 8
 * and 1) — with both, the rolling restart fails requests (503s from a closing server).
 */
let postgres: PostgresServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let proxy: Child & { url: string };
let db: pg.Client;
const servers: ServerProcess[] = [];
let env: (port: number) => Record<string, string>;
let load: MixedLoad;
const prefix = `cluster-${Date.now()}`;

beforeAll(async () => {
  postgres = await startPostgres();
  smtp = await startSmtp();
  const ports = [await freePort(), await freePort()];
  env = (port) => ({
    PORT: String(port),
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'cluster-test-secret-shared-by-both-servers',
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: 'owner@example.com',
    PUBLIC_URL: 'https://clean.example.com',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_AUTH: '10',
    SHUTDOWN_DRAIN_MS: process.env.CLUSTER_DRAIN ?? '3000',
  });
  // One after the other: the first applies the migrations.
  for (const port of ports) servers.push(await startServerProcess(env(port)));
  proxy = await startHaproxy(await freePort(), ports);
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  load = startMixedLoad(
    proxy.url,
    await adminToken(servers[0]?.url ?? ''),
    prefix,
    Number(process.env.CLUSTER_WORKERS ?? 3),
    Number(process.env.CLUSTER_PAUSE ?? 15),
  );
});

afterAll(async () => {
  await load?.stop();
  await db?.end();
  await proxy?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.close();
  postgres?.stop();
});

const done = (phase: string) => load.outcomes.filter((o) => o.phase === phase).length;

/** Waits until HAProxy sends requests to `name` (app1, app2) again. */
async function waitUntilServing(name: string) {
  await waitFor(
    `${name} back in the proxy`,
    async () => {
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${proxy.url}/api/health`);
        if (res.headers.get('x-served-by') === name) return true;
      }
      return false;
    },
    60_000,
  );
}

function failures(phase: string, what?: (o: MixedLoad['outcomes'][number]) => boolean) {
  return load.outcomes.filter((o) => o.phase === phase && !o.ok && (!what || what(o)));
}

describe('two app servers behind HAProxy on one PostgreSQL', () => {
  it('kill -9 of one server under load: no idempotent request fails', async () => {
    load.phase = 'kill';
    await waitFor('load before the kill', async () => done('kill') >= 30, 30_000);
    servers[0]?.child.kill('SIGKILL');
    expect(await servers[0]?.exited).toBe('SIGKILL');
    // The proxy takes it out (health checks) while the load goes on.
    await waitFor('load after the kill', async () => done('kill') >= 150, 60_000);
    servers[0] = await startServerProcess(env(Number(new URL(servers[0]?.url ?? '').port)));
    await waitUntilServing('app1');
    load.phase = 'between';
    const kill = load.outcomes.filter((o) => o.phase === 'kill');
    console.log(
      `kill -9: ${kill.length} requests, ${failures('kill').length} failed (${failures('kill')
        .map((o) => `${o.what} ${o.status}`)
        .join(', ')})`,
    );
    expect(failures('kill', (o) => o.what.startsWith('GET'))).toEqual([]);
    expect(new Set(kill.filter((o) => o.ok).map((o) => o.servedBy))).toEqual(new Set(['app1', 'app2']));
  });

  it('rolling restart (SIGTERM one, wait until it is back, then the other): no request of any kind fails', async () => {
    load.phase = 'rolling';
    for (const [i, name] of ['app1', 'app2'].entries()) {
      const before = servers[i] as ServerProcess;
      expect(await before.stop(30_000)).toBe(0);
      servers[i] = await startServerProcess(env(Number(new URL(before.url).port)));
      await waitUntilServing(name);
    }
    await waitFor('load after the restart', async () => done('rolling') >= 100, 30_000);
    load.phase = 'after';
    const rolling = load.outcomes.filter((o) => o.phase === 'rolling');
    console.log(`rolling restart: ${rolling.length} requests, ${failures('rolling').length} failed`);
    expect(failures('rolling')).toEqual([]);
    expect(rolling.filter((o) => o.what.startsWith('POST')).length).toBeGreaterThan(10);
  });

  it('every acknowledged booking is stored exactly once and its owner is mailed exactly once', async () => {
    await load.stop();
    const { rows } = await db.query<{ name: string; n: string }>(
      'select name, count(*) as n from inquiries where name like $1 group by name',
      [`${prefix}-%`],
    );
    const stored = new Map(rows.map((r) => [r.name, Number(r.n)]));
    expect(load.acknowledged.length).toBeGreaterThan(50);
    expect(load.acknowledged.filter((name) => stored.get(name) !== 1)).toEqual([]);
    expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);

    // A mail a killed server had claimed waits out its lease (5 minutes) before another server sends it: end
    // the leases now instead of waiting.
    await db.query('update mail_outbox set next_attempt_at = now() where sent_at is null');
    await waitFor(
      'every mail sent',
      async () => (await db.query('select 1 from mail_outbox where sent_at is null')).rowCount === 0,
      60_000,
    );
    // Each booking's owner mail, by Message-ID: a mail a killed server had handed to the SMTP server but not yet
    // marked sent goes again, with the same Message-ID, so the owner's mail program shows it once.
    const mailed = new Map<string, Set<string>>();
    let copies = 0;
    for (const mail of smtp.received) {
      const name = /Subject: New booking request from (\S+)/.exec(mail.raw)?.[1];
      if (!name?.startsWith(prefix)) continue;
      copies++;
      const id = /^Message-ID: (\S+)/im.exec(mail.raw)?.[1] ?? '';
      mailed.set(name, (mailed.get(name) ?? new Set()).add(id));
    }
    expect([...stored.keys()].filter((name) => mailed.get(name)?.size !== 1)).toEqual([]);
    expect(mailed.size).toBe(stored.size);
    console.log(
      `bookings: ${load.acknowledged.length} acknowledged, ${stored.size} stored, ${mailed.size} mailed ` +
        `(${copies} copies delivered)`,
    );
  });

  it('the sign-in limit holds across the cluster: the 11th attempt is refused whichever server answers', async () => {
    // The test stands for a visitor at 198.51.100.7 (the proxy appends the address it saw, 127.0.0.1, trusted).
    const attempt = async () => {
      const res = await fetch(`${proxy.url}/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ username: 'admin', password: 'wrong-guess' }),
      });
      return { status: res.status, servedBy: res.headers.get('x-served-by') };
    };
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await attempt());
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(new Set(answers.slice(0, 10).map((a) => a.servedBy))).toEqual(new Set(['app1', 'app2']));
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    expect(new Set(answers.slice(10).map((a) => a.servedBy))).toEqual(new Set(['app1', 'app2']));
  });

  it("a write on one server is in the other's public pages within a second", async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const page = async () => (await fetch(`${other.url}/packages`)).text();
    expect(await page()).not.toContain('Made On App1');
    const res = await fetch(`${one.url}/api/packages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(one.url)}` },
      body: JSON.stringify({
        title: 'Made On App1',
        amount: 100,
        image_url: '/demo/pkg-deep.svg',
        description: '',
      }),
    });
    expect(res.status).toBe(201);
    const started = Date.now();
    await expect.poll(page, { timeout: 1000, interval: 20 }).toContain('Made On App1');
    const ms = Date.now() - started;
    console.log(`cross-server freshness: ${ms} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it("20 rounds of a booking and the owner's move to one free time at once, through the proxy: one wins each", async () => {
    const token = await adminToken(servers[0]?.url ?? '');
    const call = async (method: string, path: string, body: object, as: 'owner' | string) => {
      const res = await fetch(`${proxy.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          // The owner's token, or a visitor's own address (the public rate limit is per client).
          ...(as === 'owner' ? { authorization: `Bearer ${token}` } : { 'x-forwarded-for': as }),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text(), servedBy: res.headers.get('x-served-by') };
    };
    const lead = await call('POST', '/api/inquiries', { name: 'Owner Move Race' }, 'owner');
    expect(lead.status, lead.text).toBe(201);
    const inquiryId = (JSON.parse(lead.text) as { id: number }).id;
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 20; i++) {
      // Round i: the i-th weekday from Monday 5 April 2027, 10:00 New York; the cleaning waits in May until moved.
      const day = new Date(
        Date.parse('2027-04-05T14:00:00Z') + (Math.floor(i / 5) * 7 + (i % 5)) * 86_400_000,
      );
      const date = day.toISOString().slice(0, 10);
      const made = await call(
        'POST',
        '/api/one_time_cleanings',
        {
          inquiry_id: inquiryId,
          date_time: `2027-05-${String(3 + (i % 20)).padStart(2, '0')}T06:00`,
          amount: 100,
        },
        'owner',
      );
      expect(made.status, made.text).toBe(201);
      const cleaning = (JSON.parse(made.text) as { id: number }).id;
      const [booked, moved] = await Promise.all([
        call(
          'POST',
          '/api/inquiries',
          {
            name: `Race Visitor ${i}`,
            email: `race${i}@example.com`,
            town: 'Bristol',
            street_address: '12 Oak St',
            requested_start: `${date}T10:00:00-04:00`,
          },
          `10.9.0.${i + 1}`,
        ),
        call('PATCH', `/api/visits/o${cleaning}`, { start: `${date}T10:00` }, 'owner'),
      ]);
      servedBy.add(booked.servedBy).add(moved.servedBy);
      const wins = [booked.status === 201, moved.status === 200].filter(Boolean).length;
      expect(wins, `round ${i}: ${booked.status} ${booked.text} / ${moved.status} ${moved.text}`).toBe(1);
      expect([booked.status, moved.status]).toContain(409);
    }
    expect(servedBy).toEqual(new Set(['app1', 'app2']));
  });
});
