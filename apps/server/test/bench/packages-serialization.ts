/**
 * GET /api/packages throughput before and after the response schemas, in one run on one machine: the server of
 * an earlier commit (extracted with `git archive`) and of the working tree, each on 127.0.0.1 with the demo
 * content, measured in turns with autocannon so that both see the same load from elsewhere.
 *
 *   npm run bench:packages -- <commit before the change> [seconds per turn, default 8]
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageSchema } from '@clean/shared';
import autocannon from 'autocannon';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializerCompiler } from '../../src/lib/serializer';
import { startServerProcess } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../../../..');
const [before, seconds = '8'] = process.argv.slice(2);
if (!before) throw new Error('usage: npm run bench:packages -- <commit> [seconds]');

const scratch = mkdtempSync(path.join(tmpdir(), 'clean-bench-'));
const beforeTree = path.join(scratch, 'before');
execSync(`mkdir -p ${beforeTree} && git -C ${root} archive ${before} | tar -x -C ${beforeTree}`);
symlinkSync(path.join(root, 'node_modules'), path.join(beforeTree, 'node_modules'));

// Each server runs the checkout it is given, on its own port and data folder, with the demo content.
const start = (cwd: string, name: string) =>
  startServerProcess({ DATA_DIR: path.join(scratch, `data-${name}`), DEMO_CONTENT: '1' }, { cwd });

const servers = { before: await start(beforeTree, 'before'), after: await start(root, 'after') };
const results: Record<string, { rps: number[]; p50: number[]; p99: number[] }> = {
  before: { rps: [], p50: [], p99: [] },
  after: { rps: [], p50: [], p99: [] },
};
let sample: unknown[] = [];
try {
  for (const name of ['before', 'after', 'before', 'after', 'before', 'after'] as const) {
    const r = await autocannon({
      url: `${servers[name].url}/api/packages`,
      connections: 10,
      duration: Number(seconds),
      // Plain JSON, as a script would ask: compression would measure zlib, not serialization.
      headers: { 'accept-encoding': 'identity' },
    });
    if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    results[name]?.rps.push(r.requests.average);
    results[name]?.p50.push(r.latency.p50);
    results[name]?.p99.push(r.latency.p99);
  }
  sample = (await (await fetch(`${servers.after.url}/api/packages`)).json()) as unknown[];
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  rmSync(scratch, { recursive: true, force: true });
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const [name, r] of Object.entries(results))
  console.log(
    `${name}: ${mean(r.rps).toFixed(0)} req/s (turns: ${r.rps.map((x) => x.toFixed(0)).join(', ')}), p50 ${mean(r.p50).toFixed(1)} ms, p99 ${mean(r.p99).toFixed(1)} ms`,
  );
const ratio = mean(results.after?.rps ?? []) / mean(results.before?.rps ?? []);
console.log(`after/before throughput: ${ratio.toFixed(2)}×`);

// The serialization step alone (the request above is mostly the database): the demo packages, as Fastify's
// default JSON.stringify (before), Zod's own serializer, and ours (after), in the same process.
const route = { schema: z.array(packageSchema), method: 'GET', url: '/api/packages', httpStatus: '200' };
const viaZod = zodSerializerCompiler(route);
const viaSchema = serializerCompiler(route);
const time = (fn: () => string) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < 100_000; i++) fn();
  return Number(process.hrtime.bigint() - start) / 100_000;
};
const plain = time(() => JSON.stringify(sample));
const zod = time(() => viaZod(sample));
const schema = time(() => viaSchema(sample));
console.log(
  `serializing ${sample.length} packages: JSON.stringify (no schema) ${plain.toFixed(0)} ns, ` +
    `Zod check + JSON.stringify ${zod.toFixed(0)} ns, fast-json-stringify from the schema ${schema.toFixed(0)} ns`,
);
