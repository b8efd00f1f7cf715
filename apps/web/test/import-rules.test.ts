import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import direction of the web app is a lint rule (apps/web/biome.json). These run Biome with the
// repository's two config files on small probe files in a scratch copy, so the real tree is never touched.
const repo = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(repo, 'node_modules/.bin/biome');
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-rules-'));
  await mkdir(path.join(dir, 'apps/web'), { recursive: true });
  await copyFile(path.join(repo, 'biome.json'), path.join(dir, 'biome.json'));
  await copyFile(path.join(repo, 'apps/web/biome.json'), path.join(dir, 'apps/web/biome.json'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Lints one probe file importing `from`; returns the restricted-import messages Biome gave. */
async function lint(file: string, from: string): Promise<string[]> {
  const full = path.join(dir, 'apps/web/src', file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, `import { thing } from '${from}';\n\nexport const probe = thing;\n`);
  const { stdout } = await promisify(execFile)(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=50', path.relative(dir, full)],
    { cwd: dir, timeout: 30_000 },
  ).catch((error: { stdout: string }) => error);
  const report = JSON.parse(stdout) as { diagnostics: { category: string; message: string }[] };
  return report.diagnostics
    .filter((d) => d.category === 'lint/style/noRestrictedImports')
    .map((d) => d.message);
}

describe('import direction of the web app (Biome noRestrictedImports)', () => {
  it('fails lib/ importing a feature, at any depth', async () => {
    expect(await lint('lib/probe.ts', '../features/auth/session')).toEqual([
      expect.stringContaining('lib/ never imports a feature'),
    ]);
    expect(await lint('lib/ui/probe.tsx', '../../features/gallery/api')).toHaveLength(1);
    expect(await lint('lib/ui/ok.tsx', './Button')).toEqual([]);
  });

  it("fails a feature importing another feature's screen; its api.ts and the session are allowed", async () => {
    expect(await lint('features/home/probe.tsx', '../gallery/GalleryPage')).toEqual([
      expect.stringContaining('app/ composes'),
    ]);
    expect(await lint('features/reviews/moderation/probe.tsx', '../../gallery/PhotoGrid')).toHaveLength(1);
    expect(await lint('features/home/api-ok.tsx', '../gallery/api')).toEqual([]);
    expect(await lint('features/home/session-ok.tsx', '../auth/session')).toEqual([]);
    expect(await lint('features/home/lib-ok.tsx', '../../lib/ui/Button')).toEqual([]);
    expect(await lint('features/reviews/moderation/own-ok.tsx', '../api')).toEqual([]);
    expect(await lint('features/reviews/moderation/lib-ok.tsx', '../../../lib/ui/Button')).toEqual([]);
  });
});
