import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass(now())` every `tickMs` and at once (a server coming back does what is due now), one pass at a time,
 * with the clock as a parameter for tests. A failed pass is logged and tried again at the next tick. `stop` waits
 * for a pass under way, so it ends before the database closes.
 */
export function everyTick(opts: {
  tickMs: number;
  now?: () => Date;
  pass: (now: Date) => Promise<number>;
  log: FastifyBaseLogger;
  /** The log's words: what a pass did ("visit reminders queued") and what failed ("visit reminders"). */
  done: string;
  what: string;
}) {
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = opts
      .pass(now())
      .then(
        (count) => {
          if (count > 0) opts.log.info({ count }, opts.done);
        },
        (err) => opts.log.error({ err }, `${opts.what} failed; trying again at the next tick`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, opts.tickMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
