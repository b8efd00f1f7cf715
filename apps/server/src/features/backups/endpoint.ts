import { createHash, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { LockRecord } from '../../db/lock';
import { gzippedDump } from './dump';

/**
 * A running PGlite server holds its data folder alone, so `npm run backup` asks it for the dump. The request goes to
 * a separate listener on 127.0.0.1 (never the public port, whatever HOST says) with the random secret from the
 * owner-only lock file; anything else is refused.
 */
export async function startBackupEndpoint(database: Database, secret: string, log: FastifyBaseLogger) {
  const expected = digest(`Bearer ${secret}`);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') return refuse(res, 404, 'Not found.');
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return refuse(res, 401, 'A valid backup secret is required.');
    }
    streamDump(database, res, log);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const refuse = (res: ServerResponse, status: number, error: string) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
};

function streamDump(database: Database, res: ServerResponse, log: FastifyBaseLogger) {
  res.writeHead(200, { 'content-type': 'application/gzip' });
  gzippedDump(database)(res).catch((err) => {
    log.error({ err }, 'backup requested through the loopback endpoint failed');
    res.destroy(err as Error); // the client sees a cut response, never a short file that looks whole
  });
}

/** The client side, for the CLI: streams the running server's dump into `dest`. */
export function fetchDumpFrom(owner: LockRecord) {
  return async (dest: Writable) => {
    const res = await fetch(`http://127.0.0.1:${owner.backupPort}/backup`, {
      headers: { authorization: `Bearer ${owner.secret}` },
    });
    if (!res.ok || !res.body) {
      dest.destroy();
      throw new Error(
        `the running server (PID ${owner.pid}) refused the backup: ${res.status} ${await res.text()}`,
      );
    }
    try {
      await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), dest);
    } catch (err) {
      throw new Error(
        `the running server (PID ${owner.pid}) broke off the dump (its log says why): ${(err as Error).message}`,
      );
    }
  };
}
