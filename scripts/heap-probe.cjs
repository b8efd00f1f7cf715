// Preloaded into the server by `npm run bench:memory` (NODE_OPTIONS=--require): on SIGUSR2 it runs a full GC and
// prints the heap left, so the bench reads the live heap without an inspector or a route of the app's own.
const v8 = require('node:v8');
const vm = require('node:vm');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  process.stderr.write(`heap after GC: ${process.memoryUsage().heapUsed}\n`);
});
