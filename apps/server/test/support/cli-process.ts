import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

export type CliResult = { code: number | string; output: string };

/**
 * Runs `npm run backup|restore -- FILE`'s command as its own process, with a complete environment (nothing from the
 * developer's shell) and a time limit; `npm` itself is used when asked, to check how it resolves a relative FILE.
 */
export async function runCli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  options: { viaNpm?: boolean; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const [bin, argv] = options.viaNpm
    ? ['npm', ['--prefix', root, 'run', '--silent', command, '--', ...args]]
    : [process.execPath, ['--import', 'tsx', `apps/server/src/cli/${command}.ts`, ...args]];
  const child = spawn(bin, argv, {
    cwd: options.cwd ?? root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
  const code = await new Promise<number | string>((resolve) =>
    child.once('exit', (c, signal) => resolve(c ?? signal ?? 'unknown')),
  );
  clearTimeout(timer);
  // npm's own warnings about the machine's configuration are not the command's output.
  return { code, output: output.replace(/^npm warn .*\n/gm, '').trim() };
}
