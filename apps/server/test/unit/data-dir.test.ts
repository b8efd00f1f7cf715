import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { StartupError, secureDataDir } from '../../src/db/data-dir';

const root = mkdtempSync(path.join(tmpdir(), 'clean-secure-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;

it('takes group and other permissions off a folder of its own and everything in it, not what links point to', () => {
  const dir = path.join(root, 'own');
  const outside = path.join(root, 'outside.txt');
  mkdirSync(path.join(dir, 'db', 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'db', 'base', '1259'), 'x', { mode: 0o666 });
  writeFileSync(outside, 'x', { mode: 0o644 });
  chmodSync(outside, 0o644);
  symlinkSync(outside, path.join(dir, 'link'));
  chmodSync(dir, 0o777);
  chmodSync(path.join(dir, 'db'), 0o755);
  chmodSync(path.join(dir, 'db', 'base', '1259'), 0o666);
  secureDataDir(dir);
  expect(mode(dir)).toBe(0o700);
  expect(mode(path.join(dir, 'db'))).toBe(0o700);
  expect(mode(path.join(dir, 'db', 'base'))).toBe(0o700);
  expect(mode(path.join(dir, 'db', 'base', '1259'))).toBe(0o600);
  expect(mode(outside)).toBe(0o644);
});

it('creates a missing folder 0700', () => {
  const dir = path.join(root, 'new', 'data');
  secureDataDir(dir);
  expect(mode(dir)).toBe(0o700);
});

/**
 * A folder of another user that others may write: as root (CI), one made and given to nobody; as anyone else, the
 * system's /tmp (root's, mode 1777), which the check only reads.
 */
function othersWritableFolder(): string {
  if (process.getuid?.() !== 0) return '/tmp';
  const dir = path.join(root, 'theirs');
  mkdirSync(dir);
  chownSync(dir, 65534, 65534);
  chmodSync(dir, 0o777);
  return dir;
}

it('refuses a folder of another user that others may write', () => {
  const dir = othersWritableFolder();
  const before = statSync(dir);
  expect(before.uid).not.toBe(process.getuid?.());
  expect(before.mode & 0o002).toBe(0o002);
  expect(() => secureDataDir(dir)).toThrow(StartupError);
  expect(() => secureDataDir(dir)).toThrow(/belongs to another user and others may write to it/);
  expect(statSync(dir).mode).toBe(before.mode);
});
