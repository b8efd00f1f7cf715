import { setFlagsFromString } from 'node:v8';

/**
 * V8 sized for a small box that mostly waits. Set here, before the app's modules load, so every way of starting
 * the server (npm, systemd, Docker, the cluster) runs the same; `NODE_OPTIONS` does not take these flags.
 *
 * - No Sparkplug, the baseline compiler: it turns every function that has run a little into machine code the
 *   server then keeps, 4.5 MB after a load (the heap after GC went from 26 to 34 MB, +31 %, none of it a leak).
 *   A request's hot path is TurboFan's anyway, and the lukewarm rest (start-up, the owner's rarer lists) runs
 *   fine interpreted.
 * - Half of TurboFan's inlining budget per function (920 bytes of bytecode by default): what is left of the
 *   growth is the hot path's optimized code, which inlining makes larger (+11 % against +9 %, two runs each).
 *
 * CPU per request stayed level with both (docs/performance.md, "Memory and start-up").
 */
setFlagsFromString('--no-sparkplug');
setFlagsFromString('--max-inlined-bytecode-size-cumulative=460');
