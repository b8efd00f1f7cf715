import { Writable } from 'node:stream';

/**
 * Everything an app logs at `level` and above, as the raw lines a log reader would see (pushed onto `lines`):
 * pass `logger` to buildApp.
 */
export function logCapture(level: string, lines: string[] = []) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
