// The V8 flags the server once set for itself (no Sparkplug, half TurboFan's inlining budget), preloaded through
// NODE_OPTIONS by `npm run bench:memory`'s "tuned" variant, to compare the plain runtime against them
// (docs/performance.md, "Plain runtime"). NODE_OPTIONS does not take V8 flags; a preload can set them.
const { setFlagsFromString } = require('node:v8');
setFlagsFromString('--no-sparkplug');
setFlagsFromString('--max-inlined-bytecode-size-cumulative=460');
