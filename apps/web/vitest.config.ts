import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Referenced from the root vitest.config.ts; `npx vitest run --project web` from the repo root.
export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      // Files share their worker's imported modules and DOM; Testing Library unmounts after each test, and no
      // file may leave state behind (docs/testing.md "Speed").
      isolate: false,
      include: ['test/**/*.test.{ts,tsx}'],
      setupFiles: ['test/setup.ts'],
    },
  }),
);
