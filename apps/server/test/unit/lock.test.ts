import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFile, readLiveLock } from '../../src/db/lock';

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'clean-lock-'));
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not this one, to stand for another server. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child;
}

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

const writeRecord = (record: object) => writeFileSync(lockFile(dir), JSON.stringify(record), { mode: 0o600 });

describe('the DATA_DIR lock', () => {
  it('records this process, readable by its owner only, and release removes it', () => {
    const lock = acquireDataDirLock(dir);
    const record = JSON.parse(readFileSync(lockFile(dir), 'utf8'));
    expect(record.pid).toBe(process.pid);
    expect(record.host).toBe(hostname());
    expect(record.secret).toMatch(/^[\w-]{40,}$/);
    expect(statSync(lockFile(dir)).mode & 0o777).toBe(0o600);
    lock.update({ backupPort: 4321 });
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).backupPort).toBe(4321);
    lock.release();
    expect(() => statSync(lockFile(dir))).toThrow(/ENOENT/);
  });

  it('refuses while another live process holds it, with one line naming the folder and the PID', async () => {
    const other = await otherProcess();
    writeRecord({ pid: other.pid, startTime: startTimeOf(other.pid ?? 0), secret: 's' });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      expect((err as Error).message).toContain(dir);
      expect((err as Error).message).toContain(`PID ${other.pid}`);
      expect((err as Error).message).not.toContain('\n');
    }
    expect(readLiveLock(dir)?.pid).toBe(other.pid);
  });

  it('takes over at once from an owner that died (kill -9 leaves the file behind)', async () => {
    const other = await otherProcess();
    const pid = other.pid ?? 0;
    writeRecord({ pid, startTime: startTimeOf(pid), secret: 's' });
    other.kill('SIGKILL');
    await once(other, 'exit');
    expect(readLiveLock(dir)).toBeUndefined();
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over when the recorded PID now belongs to another process (different start time), or to us', async () => {
    const other = await otherProcess();
    writeRecord({ pid: other.pid, startTime: '1', secret: 's' });
    acquireDataDirLock(dir).release();
    // A container restarted: the new server got the PID the old one had.
    writeRecord({ pid: process.pid, startTime: '1', secret: 's' });
    acquireDataDirLock(dir).release();
  });

  it('never takes over from a process on another host (a shared volume): its PID cannot be checked here', () => {
    writeRecord({ pid: 999_999_999, host: 'other-container', secret: 's' });
    expect(() => acquireDataDirLock(dir)).toThrow(
      `The data folder ${dir} is in use by process 999999999 on other-container; stop it first (if that machine or container is gone, delete ${lockFile(dir)}).`,
    );
    writeRecord({ pid: 999_999_999, host: hostname(), secret: 's' });
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock file that is not a readable record', () => {
    writeFileSync(lockFile(dir), '{"pid": 12');
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('does not remove a lock that another process took after ours was cleared', () => {
    const lock = acquireDataDirLock(dir);
    writeRecord({ pid: 1, secret: 'someone-else' });
    lock.release();
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).secret).toBe('someone-else');
  });
});
