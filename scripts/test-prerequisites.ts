/**
 * Before `npm run test:all`: names exactly what this machine lacks for the projects beyond `npm test`
 * (docs/testing.md's table), with the Debian packages that bring it, and stops before anything runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const onPath = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const checks: { need: string; has: boolean; package: string }[] = [
  {
    need: `Chromium at ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} (e2e)`,
    has: existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    package: 'chromium fonts-liberation',
  },
  {
    need: `PostgreSQL 15 server binaries in ${pgBin} (api-postgres, scale, faults, cluster)`,
    has: existsSync(path.join(pgBin, 'initdb')),
    package: 'postgresql',
  },
  {
    need: `HAProxy at ${process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'} (cluster)`,
    has: existsSync(process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'),
    package: 'haproxy',
  },
  { need: 'strace (faults: syncs per commit)', has: onPath('strace'), package: 'strace' },
  { need: 'pgrep (faults: stalled PostgreSQL backends)', has: onPath('pgrep'), package: 'procps' },
];

const missing = checks.filter((check) => !check.has);
const root = process.getuid?.() === 0;
if (missing.length === 0 && root) process.exit(0);

console.error('npm run test:all needs what this machine lacks:');
for (const check of missing) console.error(`  - ${check.need}`);
if (!root) console.error('  - root, for the fault tests’ tmpfs disks (run as root, as CI does)');
if (missing.length > 0) {
  console.error(`Install with: apt-get install ${missing.map((check) => check.package).join(' ')}`);
}
console.error('`npm test` needs none of these.');
process.exit(1);
