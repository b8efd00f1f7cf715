import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';

// In runtime/, below db/ and lib/: the PGlite worker thread (db/) and the server's main thread both run it, and
// it imports neither (apps/server/biome.json keeps it so).

/** How often the server looks whether it has been idle. */
export const IDLE_CHECK_MS = 5_000;
/** Idle: the event loop busy under 1 % of the last check's interval (50 ms in 5 s). */
const IDLE_UTILIZATION = 0.01;
/** Growth since the last release worth a release. */
const GROWTH_BYTES = 8 * 2 ** 20;
/** A release goes on collecting, a check apart, while the last collection gave back at least this much… */
const STILL_PAYS_BYTES = 4 * 2 ** 20;
/** …up to this many collections. */
const MAX_COLLECTIONS = 6;

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Gives memory back to the box once a busy spell is over. Under load V8 grows its young generation and keeps the
 * old generation's pages for the next burst: +90–130 MB resident after 100,000 requests, which it keeps for as
 * long as no garbage collection runs, and an idle server runs none. When the server has been idle for a whole
 * check and its resident memory has grown since the last release, it runs a full collection, and goes on with
 * one a check for as long as they give memory back (at least two: the second lets V8 shrink the young
 * generation; after the second, a full GC still gave back 33 MB of the old generation's half-empty pages). Each
 * takes about 30 ms, only when nobody is being served, once per busy spell (what is left is the next
 * spell's baseline). V8's memory-pressure collection (`gc({ flavor: 'last-resort' })`) would be the natural call,
 * but on Node 20 any options object makes `gc` a young-generation collection: 185 MB of garbage stayed, where a
 * plain `gc()` left 3 MB.
 */
export function releaseMemoryWhenIdle(
  log: Pick<FastifyBaseLogger, 'debug'>,
  checkMs = IDLE_CHECK_MS,
): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let lastCheck = performance.eventLoopUtilization();
  let baseline = 0;
  let release: { fromRss: number; lastRss: number; collections: number; ms: number } | undefined;
  const collect = (current: { lastRss: number; collections: number; ms: number }, rss: number) => {
    const started = performance.now();
    gc();
    current.collections++;
    current.ms += performance.now() - started;
    current.lastRss = rss;
    // The collection itself must not count as the next interval's work.
    lastCheck = performance.eventLoopUtilization();
  };
  const timer = setInterval(() => {
    const spell = performance.eventLoopUtilization(lastCheck);
    lastCheck = performance.eventLoopUtilization();
    const idle = spell.utilization < IDLE_UTILIZATION;
    // V8 hands the pages a collection freed back on its own threads: read a check later.
    const rss = process.memoryUsage.rss();
    if (release) {
      // The second collection sees how little was allocated since the first, which lets V8 shrink the young
      // generation; each further one compacts more of the old generation's half-empty pages. On while it pays.
      const paid = release.lastRss - rss >= STILL_PAYS_BYTES;
      if (idle && release.collections < MAX_COLLECTIONS && (release.collections < 2 || paid)) {
        return collect(release, rss);
      }
      log.debug(
        {
          fromMb: mb(release.fromRss),
          toMb: mb(rss),
          collections: release.collections,
          ms: Math.round(release.ms),
        },
        'idle: memory released',
      );
      release = undefined;
      baseline = rss;
      return;
    }
    if (!idle || rss < baseline + GROWTH_BYTES) return;
    release = { fromRss: rss, lastRss: rss, collections: 0, ms: 0 };
    collect(release, rss);
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}
