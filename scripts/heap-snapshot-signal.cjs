// Preloaded by heap-snapshots.ts: on SIGUSR2 the server writes a heap snapshot (V8 collects garbage first) into
// HEAP_DIR and says where.
const v8 = require('node:v8');
const path = require('node:path');

let count = 0;
process.on('SIGUSR2', () => {
  const file = v8.writeHeapSnapshot(path.join(process.env.HEAP_DIR, `heap-${count++}.heapsnapshot`));
  process.stderr.write(`heap snapshot written: ${file}\n`);
});
