import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config';

/**
 * The docs name commands and variables; this keeps them true. A script named in the docs must exist in
 * package.json (the root's, or the workspace's given with `-w`), every root script must be named, the variable
 * table in docs/operations.md must list exactly what config.ts reads, and any other variable the docs name must be
 * read somewhere in the code (a measurement script, a test). And the repository stands alone: every relative link
 * or path in a Markdown file resolves inside it, every `docs/….md#anchor` cited names a heading there, and no file
 * points outside it or cites a section or ticket a clone does not have (docs/product.md is the product's
 * description).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const docFiles = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const docs = docFiles.map((file) => ({ file, text: read(file) }));

type Scripts = Record<string, string>;
const scriptsOf = (dir: string): Scripts =>
  (JSON.parse(read(path.join(dir, 'package.json'))) as { scripts?: Scripts }).scripts ?? {};
const rootScripts = scriptsOf('.');
const workspaces = new Map(
  (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.map((dir) => [
    (JSON.parse(read(path.join(dir, 'package.json'))) as { name: string }).name,
    scriptsOf(dir),
  ]),
);

/** Every `npm run X [-w WORKSPACE]`, `npm start` and `npm test` in a text, with the workspace it names. */
function namedScripts(text: string): { script: string; workspace?: string }[] {
  const found: { script: string; workspace?: string }[] = [];
  for (const m of text.matchAll(/\bnpm run ([\w:.-]+)(?:[^\S\n]+(?:-w|--workspace)[=\s]+(@?[\w./-]+))?/g)) {
    found.push({ script: m[1] as string, workspace: m[2] });
  }
  for (const m of text.matchAll(/\bnpm (start|test)\b/g)) found.push({ script: m[1] as string });
  return found;
}

/** Names shaped like environment variables (upper case, at least one underscore). */
const variableNames = (text: string) => new Set(text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? []);

/** The first-column names of the variable table in docs/operations.md (`| \`A\`, \`B\` | … |`). */
function tableVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const cell = /^\|\s*((?:`[A-Z][A-Z0-9_]*`(?:,\s*)?)+)\s*\|/.exec(line)?.[1];
    for (const name of cell?.match(/[A-Z][A-Z0-9_]*/g) ?? []) names.add(name);
  }
  return names;
}

/** The text of the code and build files, where a variable the docs name must be read. */
function codeText(): string {
  const skip = new Set(['node_modules', 'dist', 'dist-ssr', 'docs', '.git', 'data']);
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir))) {
      const rel = path.join(dir, entry);
      if (skip.has(entry)) continue;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|tsx|cjs|mjs|js|json|cfg|yaml|service)$|^Dockerfile$|^run$|^Caddyfile$/.test(entry)) {
        parts.push(read(rel));
      }
    }
  };
  for (const dir of ['apps', 'packages', 'e2e', 'scripts', 'deploy', '.ci']) walk(dir);
  for (const file of ['package.json', 'vitest.config.ts', 'Dockerfile', 'compose.yaml']) {
    if (existsSync(path.join(root, file))) parts.push(read(file));
  }
  return parts.join('\n');
}

describe('the docs', () => {
  it('name only scripts that exist', () => {
    const missing: string[] = [];
    for (const { file, text } of docs) {
      for (const { script, workspace } of namedScripts(text)) {
        const scripts = workspace ? workspaces.get(workspace) : rootScripts;
        if (!scripts?.[script])
          missing.push(`${file}: npm run ${script}${workspace ? ` -w ${workspace}` : ''}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('name every script of package.json', () => {
    const named = new Set(docs.flatMap(({ text }) => namedScripts(text).map((s) => s.script)));
    expect(Object.keys(rootScripts).filter((s) => !named.has(s))).toEqual([]);
  });

  it("list exactly the server's variables in docs/operations.md", () => {
    const table = tableVariables(read('docs/operations.md'));
    const schema = Object.keys(envSchema.shape);
    expect(
      schema.filter((name) => !table.has(name)),
      'read by config.ts, not in the table',
    ).toEqual([]);
    expect(
      [...table].filter((name) => !schema.includes(name)),
      'in the table, not read by config.ts',
    ).toEqual([]);
  });

  it('name every variable config.ts reads outside its schema', () => {
    const all = docs.map((d) => d.text).join('\n');
    const readDirectly = [...read('apps/server/src/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map(
      (m) => m[1] as string,
    );
    expect(
      readDirectly.filter((name) => !variableNames(all).has(name) && !all.includes(`\`${name}\``)),
    ).toEqual([]);
  });

  it('name only variables the code reads', () => {
    const schema = new Set(Object.keys(envSchema.shape));
    const code = codeText();
    const unknown: string[] = [];
    for (const { file, text } of docs) {
      for (const name of variableNames(text)) {
        if (!schema.has(name) && !new RegExp(`\\b${name}\\b`).test(code)) unknown.push(`${file}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('name every file of scripts/ (or a package.json script runs it)', () => {
    const named = [...docs.map((d) => d.text), JSON.stringify(rootScripts)].join('\n');
    const files = readdirSync(path.join(root, 'scripts')).filter((f) => f !== 'tsconfig.json');
    expect(files.filter((file) => !named.includes(file))).toEqual([]);
  });
});

/** Every tracked text file (binary ones, with a NUL byte, left out), as path and text. */
function trackedTexts(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const texts: { file: string; text: string }[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full) || !statSync(full).isFile()) continue;
    const bytes = readFileSync(full);
    if (bytes.subarray(0, 8000).includes(0)) continue;
    texts.push({ file, text: bytes.toString('utf8') });
  }
  return texts;
}
const tracked = trackedTexts();
const markdown = tracked.filter(({ file }) => file.endsWith('.md'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes; repeats get -1, -2…. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined || heading === null) continue;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** A target (a path relative to `from`'s folder, with an optional #anchor) that is missing, or why. */
function unresolved(from: string, target: string): string | null {
  const [rawPath = '', anchor] = target.split('#');
  const file =
    rawPath === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), rawPath));
  if (file.startsWith('..') || path.posix.isAbsolute(file)) return 'outside the repository';
  if (!existsSync(path.join(root, file))) return 'no such file';
  if (anchor && file.endsWith('.md') && !anchorsOf(read(file)).has(anchor)) return `no heading #${anchor}`;
  return null;
}

describe('the repository stands alone', () => {
  it('every relative link and path in a Markdown file resolves inside it', () => {
    const broken: string[] = [];
    for (const { file, text } of markdown) {
      const targets = [
        ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string),
        ...[...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string),
        // A bare path that climbs out of the document's folder (`./data` and the like name runtime folders).
        ...[...text.matchAll(/(?<![\w./-])(\.\.\/[\w./-]+)/g)].map((m) => m[1] as string),
      ];
      for (const target of targets) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
        const why = unresolved(file, target);
        if (why) broken.push(`${file}: ${target} (${why})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/….md#anchor a file cites names a heading of that document', () => {
    const broken: string[] = [];
    for (const { file, text } of tracked) {
      for (const m of text.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)#([\w-]+)/g)) {
        const why = unresolved('README.md', `docs/${m[1]}#${m[2]}`);
        if (why) broken.push(`${file}: docs/${m[1]}#${m[2]} (${why})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no file points outside it or cites what a clone does not have', () => {
    // Spelled in pieces so this file does not find itself.
    const outside = ['..', 'shared'].join('/');
    const citations = [
      new RegExp(outside.replace(/\./g, '\\.')),
      /\bspec \u00a7/i,
      /\bD(?:ESIGN)\b/,
      /\b[Ii]ssues? \d/,
      /\b[Tt]he spec\b|\bspec[']s\b/,
    ];
    const found: string[] = [];
    for (const { file, text } of tracked) {
      text.split('\n').forEach((line, i) => {
        if (citations.some((pattern) => pattern.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
