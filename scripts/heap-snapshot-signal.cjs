// Preloaded by heap-snapshots.ts: on SIGUSR2 the server runs a full GC and, given HEAP_DIR, writes a heap snapshot
// there, and says so.
const v8 = require('node:v8');
const vm = require('node:vm');
const path = require('node:path');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
let count = 0;
process.on('SIGUSR2', () => {
  gc();
  const dir = process.env.HEAP_DIR;
  const file = dir ? v8.writeHeapSnapshot(path.join(dir, `heap-${count++}.heapsnapshot`)) : 'none';
  process.stderr.write(`heap snapshot written: ${file}\n`);
});
