import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ProxyOptions } from 'vite';
import { defineConfig } from 'vite';

/** Where `npm run dev` / `vite preview` forward API calls: the Fastify server. */
const apiTarget = 'http://localhost:3000';

/**
 * These paths are SPA pages for GET and API endpoints for POST (spec §7): only POSTs go to the server,
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

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  // The server-rendering bundle (`--ssr src/entry-server.tsx`) loads npm packages from node_modules at run
  // time; the workspace package is TypeScript, so it is bundled in.
  ssr: { noExternal: ['@clean/shared'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        rolldownOptions: {
          // @clean/shared is pure declarations: an unused schema module must not ride along in the entry.
          treeshake: {
            moduleSideEffects: (id: string) => (/[\\/]packages[\\/]shared[\\/]/.test(id) ? false : undefined),
          },
          output: {
            codeSplitting: {
              // The framework changes far less often than our code: its own long-cached chunk.
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
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
