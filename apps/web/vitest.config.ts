import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Referenced from the root vitest.config.ts; `npx vitest run --project web` from the repo root.
export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineProject({
    // A CommonJS build would `require` React past the Preact aliases; ES builds import through them.
    resolve: {
      conditions: ['module', 'browser', 'development'],
      mainFields: ['module', 'main'],
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      setupFiles: ['test/setup.ts'],
      // Every package that imports React goes through Vite, so it gets Preact like the app does.
      server: { deps: { inline: [/react/, /@tanstack/, /@hookform/, /@testing-library/] } },
    },
  }),
);
