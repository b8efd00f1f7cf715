import type { FastifyBaseLogger } from 'fastify';

/** While the LISTEN connection is down, how often to try again. */
const RECONNECT_MS = 1_000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to queries), and connects again
 * after a loss. A notice sent while it was down is missed: callers keep a poll for that.
 */
export function postgresListen(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  log?: FastifyBaseLogger,
): () => Promise<void> {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let current: { end: () => Promise<void> } | undefined;

  async function connect() {
    // `pg` is loaded only by a server on PostgreSQL.
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString: url });
    let lostOnce = false;
    const lost = (err?: unknown) => {
      if (lostOnce) return;
      lostOnce = true;
      current = undefined;
      client.end().catch(() => {});
      if (stopped) return;
      log?.warn({ err, channel }, 'lost the LISTEN connection; connecting again');
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      lost(err);
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
