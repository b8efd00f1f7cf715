/**
 * A V8 heap snapshot (.heapsnapshot JSON) summed by what its objects are: self size and count per group, a group
 * being the constructor of an object, the V8 kind of internal data (code, bytecode, feedback, …), or one of
 * strings / closures / arrays. `node --import tsx scripts/heap-summary.ts A.heapsnapshot [B.heapsnapshot]` prints
 * one snapshot, or two side by side with the difference.
 */
import { readFileSync } from 'node:fs';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
};

export type Summary = Map<string, { size: number; count: number }>;

const STRING_TYPES = new Set(['string', 'concatenated string', 'sliced string']);

/** The group a node is counted in. */
function group(type: string, name: string): string {
  if (STRING_TYPES.has(type)) return '(strings)';
  if (type === 'closure') return '(closures)';
  if (type === 'number' || type === 'bigint') return '(numbers)';
  if (type === 'code') return `(code) ${name.replace(/^system \/ /, '').split(/[ :(]/)[0]}`;
  if (type === 'object') return name;
  return `(${type}) ${name.slice(0, 50)}`;
}

export function summarize(file: string): Summary {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const sums: Summary = new Map();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const key = group(
      types[heap.nodes[i + typeAt] as number] as string,
      heap.strings[heap.nodes[i + nameAt] as number] as string,
    );
    const sum = sums.get(key) ?? { size: 0, count: 0 };
    sum.size += heap.nodes[i + sizeAt] as number;
    sum.count += 1;
    sums.set(key, sum);
  }
  return sums;
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
const total = (s: Summary) => [...s.values()].reduce((t, v) => t + v.size, 0);

/** The largest groups of `after` (and of `before`), with the growth between them. */
export function printComparison(before: Summary, after: Summary, rows = 45) {
  console.log(`total: ${mb(total(before))} MB -> ${mb(total(after))} MB`);
  const keys = new Set([...before.keys(), ...after.keys()]);
  const line = (k: string) => {
    const b = before.get(k) ?? { size: 0, count: 0 };
    const a = after.get(k) ?? { size: 0, count: 0 };
    return { k, b, a, grow: a.size - b.size };
  };
  const all = [...keys].map(line);
  console.log('\nlargest (MB, count): before | after | growth');
  for (const r of all.sort((x, y) => y.a.size - x.a.size).slice(0, rows)) {
    console.log(
      `${mb(r.b.size).padStart(7)} ${String(r.b.count).padStart(7)} | ${mb(r.a.size).padStart(7)} ${String(r.a.count).padStart(7)} | ${mb(r.grow).padStart(6)}  ${r.k}`,
    );
  }
  console.log('\nmost grown (MB): growth, count growth');
  for (const r of all.sort((x, y) => y.grow - x.grow).slice(0, 25)) {
    console.log(`${mb(r.grow).padStart(7)} ${String(r.a.count - r.b.count).padStart(7)}  ${r.k}`);
  }
}

if (process.argv[1] === import.meta.filename) {
  const [a, b] = process.argv.slice(2);
  if (!a) throw new Error('usage: heap-summary.ts A.heapsnapshot [B.heapsnapshot]');
  const first = summarize(a);
  printComparison(b ? first : new Map(), b ? summarize(b) : first);
}
