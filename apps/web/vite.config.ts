import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, ProxyOptions } from 'vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev` / `vite preview` forward API calls: the Fastify server. */
const apiTarget = 'http://localhost:3000';

/**
 * These paths are SPA pages for GET and API endpoints for POST (docs/api.md): only POSTs go to the server,
 * every other method falls through to Vite's index.html fallback.
 */
const postOnly: ProxyOptions = {
  target: apiTarget,
  bypass: (req) => (req.method === 'POST' ? undefined : req.url),
};

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget },
  '^/signin$': postOnly,
  '^/forgot_password$': postOnly,
  '^/reset-password$': postOnly,
};

/**
 * The entry's stylesheet is always on the page already: index.html links it, and the server inlines it into
 * every server-rendered page. Vite still lists it among the files to load before each lazy chunk that imports
 * the entry (its preload helper lives there), and on a server-rendered page, where no <link> names it, the helper
 * added it a second time: 38 KB fetched again, then every element restyled against twice the rules. Runs after
 * Vite has written index.html's <link> and before it lists each lazy chunk's files.
 */
function entryStylesheetStaysInHtml(): Plugin {
  return {
    name: 'entry-stylesheet-stays-in-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.isEntry) output.viteMetadata?.importedCss.clear();
      }
    },
  };
}

/**
 * The server-rendering bundle is written in ASCII, other characters as `\u` escapes (the same text to
 * JavaScript). The server keeps the source of every module it loads, and V8 holds a source with a single character
 * beyond ASCII (a dash, an ellipsis in a label) at two bytes a character: 1 MB of the server's heap once the
 * public pages are loaded, more with the hub's.
 */
function asciiServerBundle(): Plugin {
  const escaped = (char: string) =>
    Array.from(char, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return {
    name: 'ascii-server-bundle',
    apply: (_config, env) => Boolean(env.isSsrBuild),
    enforce: 'post',
    // The finished chunks: text other plugins add while rendering (site facts, for one) included.
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') output.code = output.code.replace(/\P{ASCII}/gu, escaped);
      }
    },
  };
}

/**
 * The hub's service worker (worker/hub-sw.ts), built with Workbox into dist/hub-sw.js with the list of files to
 * precache: the HTML shell and every JS/CSS chunk (a visitor never gets the worker, so this costs only the owner's
 * phone). The hub registers it itself (app/hub/useHubWorker.ts), under /contact-center only: the plugin injects no
 * registration and no manifest into any page.
 */
const hubWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'worker',
    filename: 'hub-sw.ts',
    scope: '/contact-center',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css}', 'hub/icon-192.png'],
    },
  });

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    entryStylesheetStaysInHtml(),
    ...(isSsrBuild ? [asciiServerBundle()] : [hubWorker()]),
  ],
  // The server-rendering bundle (`--ssr src/entry-server.tsx`) is self-contained, React's production build included.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        modulePreload: false,
        rolldownOptions: {
          // @clean/shared is pure declarations: an unused schema module must not ride along in the entry.
          treeshake: {
            moduleSideEffects: (id: string) => (/[\\/]packages[\\/]shared[\\/]/.test(id) ? false : undefined),
          },
          output: {
            codeSplitting: {
              // The framework changes far less often than our code: its own long-cached chunks. Three of them, so a
              // phone evaluates them in three tasks (main.tsx), none long enough to hold up a tap.
              groups: [
                { name: 'react', test: /node_modules[\\/]react[\\/]/, priority: 3 },
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
                {
                  name: 'framework',
                  test: /node_modules[\\/](react-router|@tanstack[\\/][^\\/]+)[\\/]/,
                  priority: 1,
                },
                { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/ },
              ],
            },
          },
        },
      },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
}));
