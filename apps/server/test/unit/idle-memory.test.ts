import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const moduleUrl = new URL('../../src/runtime/idle-memory.ts', import.meta.url).href;

/**
 * A process that builds 200 MB of objects, drops them and goes idle, as a server does after a burst of requests;
 * with `release`, it runs releaseMemoryWhenIdle (checking every 300 ms).
 */
function burstThenIdle(release: boolean) {
  const script = `
    const { releaseMemoryWhenIdle } = await import(${JSON.stringify(moduleUrl)});
    let kept = [];
    for (let i = 0; i < 2_000_000; i++) kept.push({ i, text: 'request ' + i });
    kept = null;
    if (${release}) releaseMemoryWhenIdle({ debug: (o) => console.log(JSON.stringify(o)) }, 300);
    console.log('idle');
    setInterval(() => console.log('tick'), 300);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  children.push(child);
  const rssMb = () =>
    Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;
  return { rssMb, output: () => output };
}

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('releaseMemoryWhenIdle', () => {
  it('gives back the memory of a burst once the process is idle; without it the process keeps it', async () => {
    const released = burstThenIdle(true);
    const kept = burstThenIdle(false);
    await expect
      .poll(() => released.output().includes('toMb') && kept.output().includes('idle'), { timeout: 25_000 })
      .toBe(true);
    // Several idle checks later (five of the child's own 300 ms ticks after the release), the process without it has
    // run no collection of its own.
    const ticksAfterRelease = () =>
      released
        .output()
        .split('toMb')[1]
        ?.match(/^tick$/gm)?.length ?? 0;
    await expect.poll(ticksAfterRelease, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    const [line = '{}'] = released.output().match(/^\{.*"toMb".*\}$/m) ?? [];
    const release = JSON.parse(line) as { fromMb: number; toMb: number };
    expect(release.fromMb - release.toMb).toBeGreaterThan(100);
    expect(kept.rssMb()).toBeGreaterThan(150);
    expect(kept.rssMb() - released.rssMb()).toBeGreaterThan(100);
    // One release per burst: the idle checks after it find nothing new.
    expect(released.output().match(/toMb/g)).toHaveLength(1);
  }, 30_000);
});
