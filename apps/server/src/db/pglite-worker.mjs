// Entry of the PGlite worker thread. Node 20 does not carry tsx's module hooks into worker threads, so this
// plain-JS entry registers them, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
