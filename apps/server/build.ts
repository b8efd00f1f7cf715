import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { PGLITE_TEMPLATE, writePgliteTemplate } from './src/db/pglite-template';

/**
 * `npm run build -w @clean/server`: the server, the backup/restore commands and the PGlite worker as plain
 * JavaScript in `dist/`, so production runs on `node` alone (no TypeScript loader, no transpiling at start).
 * Our code and the shared package are bundled; installed packages stay imports (PGlite finds its WASM files next to
 * its own module, argon2 is native). Every entry lands directly in `dist/`, one folder below the package as `src/`
 * is, so `import.meta.dirname`-relative paths (the web app's `dist`) hold in both; the migrations are copied beside
 * the bundles, where `db/client.ts` looks for them.
 */
const root = import.meta.dirname;
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

/**
 * Installed packages are bundled too (resolving and loading hundreds of modules was most of a start), except those
 * that find files beside their own code at run time: PGlite (its WASM and extensions), argon2 and sharp (native
 * addons: sharp loads libvips from its @img package for this platform), Swagger UI (its static files), pino's
 * transports (worker files), pdfkit (its fonts' metrics files).
 */
const KEEP_INSTALLED =
  /^(@electric-sql\/pglite|@node-rs\/argon2|sharp|@fastify\/swagger-ui|pino|thread-stream|pg-native|pdfkit)(\/|$)/;
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      KEEP_INSTALLED.test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  outdir: dist,
  sourcemap: true,
  // V8 keeps every module's source text for as long as the server runs (the bundle's was 8.6 MB of a 39 MB idle
  // heap): without comments and indentation it is a third smaller. Names stay as written, so a stack trace still
  // reads; the source maps beside the bundles give the lines. Licence comments go to a .LEGAL.txt file instead.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'external',
  plugins: [externalPackages],
  logLevel: 'warning',
  // Bundled CommonJS packages call require() for Node's own modules: give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};

rmSync(dist, { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: {
      server: path.join(src, 'server.ts'),
      backup: path.join(src, 'cli/backup.ts'),
      restore: path.join(src, 'cli/restore.ts'),
    },
    // Chunks, so the server's entry can start the embedded database before it loads the app (server.ts). They sit
    // beside the entries: code that finds files relative to its own module (migrations, the worker) stays right.
    splitting: true,
  }),
  // pglite-thread.ts starts `./pglite-worker.mjs` beside itself: in src that file loads tsx, here it is the worker.
  build({
    ...common,
    entryPoints: { 'pglite-worker': path.join(src, 'db/pglite-worker.ts') },
    outExtension: { '.js': '.mjs' },
  }),
]);
assertAscii(dist);
cpSync(path.join(src, 'db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The demo content's photos (db/demo.ts reads them beside its module, as the migrations).
cpSync(path.join(src, 'db/demo-photos'), path.join(dist, 'demo-photos'), { recursive: true });
await writePgliteTemplate(path.join(dist, PGLITE_TEMPLATE));

/**
 * One character beyond ASCII anywhere in a file makes V8 keep that module's whole source at two bytes a character
 * (it did: the bundle took 8.6 MB of heap instead of 4.3). esbuild escapes strings but leaves regular-expression
 * literals as written: write such characters as `\u` escapes in the source.
 */
function assertAscii(folder: string) {
  for (const file of readdirSync(folder).filter((name) => /\.m?js$/.test(name))) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    const at = text.search(/\P{ASCII}/u);
    if (at >= 0) {
      throw new Error(
        `dist/${file} is not ASCII (escape the character in its source): …${text.slice(Math.max(0, at - 60), at + 20)}…`,
      );
    }
  }
}
