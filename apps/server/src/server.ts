import { ConfigError, loadConfig } from './config';
import { configuredDatabase, openEmbeddedEarly } from './db/client';
import { ownFilesOnly, StartupError, secureDataDir } from './db/data-dir';
import { acquireDataDirLock, type DataDirLock } from './db/lock';

let config: ReturnType<typeof loadConfig>;
let lock: DataDirLock | undefined;
try {
  config = loadConfig();
  // Password hashes, visitors' details and reset links live in DATA_DIR: no other local user may read them.
  ownFilesOnly();
  secureDataDir(config.dataDir);
  // One server per embedded database: PGlite has no lock of its own, and two servers on one folder corrupt it.
  lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
} catch (err) {
  if (err instanceof ConfigError || err instanceof StartupError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// The embedded database opens on the other core while the rest of the server loads (its modules: a second or
// more of this one), which is why the app comes in by a dynamic import (a chunk of its own in dist/).
openEmbeddedEarly(configuredDatabase(config));
const { buildApp } = await import('./app');
const { startBackupServices } = await import('./features/backups');
const { startDailyDigest } = await import('./features/digest');
const { startMonthlyBilling } = await import('./features/invoices');
const { startReminders } = await import('./features/reminders');
const { startReviewRequests } = await import('./features/review-requests');
const { drainThenClose } = await import('./lib/shutdown');
const { releaseMemoryWhenIdle } = await import('./runtime/idle-memory');
const { warmUp } = await import('./lib/warm-up');

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (err) {
  // A data folder that is read-only, full or too small: one line a person can act on, not a library dump.
  if (err instanceof StartupError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
await startBackupServices(app, lock);
startDailyDigest(app);
startReminders(app);
startMonthlyBilling(app);
startReviewRequests(app);
releaseMemoryWhenIdle(app.log);
await app.listen({
  port: config.port,
  host: config.host,
  // performance.now() counts from the process's start: module loading and opening the database included.
  listenTextResolver: (address) =>
    `Server listening at ${address} (started in ${Math.round(performance.now())} ms)`,
});
// After listening: a visitor who comes meanwhile is served, only without the warm start.
void warmUp(app);

let closing = false;
let drain: ReturnType<typeof drainThenClose> | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    // A second signal, or Ctrl-C during the drain: close now.
    if (closing) return drain?.now();
    closing = true;
    // SIGTERM (systemd, docker, a rolling restart): fail the health check first and keep serving while the load
    // balancer notices; SIGINT (Ctrl-C) closes at once.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info(
      { signal, drainMs },
      'shutting down: health check failing, then finishing in-flight requests',
    );
    drain = drainThenClose(app, drainMs);
    drain.closed.then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
    // close() stops accepting connections, waits for in-flight requests, then runs onClose (database).
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + 10_000);
    timer.unref();
  });
}
