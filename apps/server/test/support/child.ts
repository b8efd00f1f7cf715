import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The one home of what the tests (fault, PostgreSQL, end-to-end) and the measurement scripts do with the
 * processes they start: pick a free port, keep the output for error messages, wait until a URL answers, stop.
 */

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type Child = {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves with how it ended. */
  stop: (graceMs?: number) => Promise<number | string>;
};

/**
 * Spawns `command` with its output captured. A child still running when this process exits gets SIGTERM, so an
 * error in a script or a crashed test worker does not leave a server behind.
 */
export function spawnChild(command: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  let log = '';
  const child = spawn(command[0] as string, command.slice(1), {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => {
    log += c;
  });
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const orphaned = () => child.kill('SIGTERM');
  process.on('exit', orphaned);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', orphaned);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return {
    child,
    output: () => log,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
}

/** Polls `url` until it answers 2xx; fails early with the process's output if the process exits. */
export async function waitForUrl(url: string, proc: Child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`process exited early:\n${proc.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet, or busy
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}
