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

// Needs root (as CI and the fault tests): chown to another user.
it('refuses a folder of another user that others may write', () => {
  const dir = path.join(root, 'theirs');
  mkdirSync(dir);
  chownSync(dir, 65534, 65534);
  chmodSync(dir, 0o777);
  expect(() => secureDataDir(dir)).toThrow(StartupError);
  expect(() => secureDataDir(dir)).toThrow(/belongs to another user and others may write to it/);
});
