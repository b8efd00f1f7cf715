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
  // V8's own account of each space, resident (physical) and live, MB: where anonymous resident memory goes.
  const spaces = v8
    .getHeapSpaceStatistics()
    .map(
      (s) =>
        `${s.space_name} ${(s.physical_space_size / 2 ** 20).toFixed(1)}/${(s.space_used_size / 2 ** 20).toFixed(1)}`,
    );
  const { external, arrayBuffers } = process.memoryUsage();
  process.stderr.write(
    `heap spaces (resident/live MB): ${spaces.join(', ')}; external ${(external / 2 ** 20).toFixed(1)}, array buffers ${(arrayBuffers / 2 ** 20).toFixed(1)}\n`,
  );
  process.stderr.write(`heap snapshot written: ${file}\n`);
});
