/**
 * A bounded property-based run over the whole API, driven by its own OpenAPI document: the npm stand-in for
 * schemathesis (which needs PyPI). For every operation it sends generated valid requests (json-schema-faker, from
 * the document's request schemas) and hostile ones (fast-check: any JSON, odd strings, missing or forged tokens),
 * and checks that none is answered with a 5xx and that every answer matches the schema of its status.
 *
 *   npm run fuzz                  # 60 cases per operation, seed 1
 *   npm run fuzz -- 200 7         # 200 cases per operation, seed 7
 *
 * It starts the real server on 127.0.0.1 (random port) over a throwaway PGlite folder with the demo content, and
 * talks to nothing else. Exit code 1 when it finds a problem; each is printed with a request to replay.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response | { $ref: string }>;
  security?: unknown[];
};
type Response = { content?: Record<string, { schema: Schema }> };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Response> };
};
type Case = { method: string; url: string; body?: unknown; token?: string; kind: string };

const CASES = Number(process.argv[2] ?? 60);
const SEED = Number(process.argv[3] ?? 1);
const REQUEST_TIMEOUT_MS = 10_000;
const PASSWORD = 'fuzz-password-123';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-fuzz-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DEMO_CONTENT: '1', LOG_LEVEL: 'silent' }),
  // The run is the only client: rate limits would only answer 429 to everything after the first few.
  rateLimits: { auth: 1_000_000, publicWrite: 1_000_000 },
};
const app = await buildApp(config);
const base = await app.listen({ host: '127.0.0.1', port: 0 });

const send = async (c: Case) => {
  const res = await fetch(base + c.url, {
    method: c.method,
    headers: {
      ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
    },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

const doc = JSON.parse((await send({ method: 'GET', url: '/api/openapi.json', kind: 'doc' })).text) as Doc;
/** A response as written, or the shared one (components.responses) it refers to. */
const resolve = (r: Response | { $ref: string } | undefined): Response | undefined =>
  r && '$ref' in r ? doc.components?.responses?.[r.$ref.replace('#/components/responses/', '')] : r;
const signin = await send({
  method: 'POST',
  url: '/signin',
  body: { username: 'admin', password: PASSWORD },
  kind: 'signin',
});
const admin = (JSON.parse(signin.text) as { token: string }).token;

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);
const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: Schema) => {
  const known = validators.get(schema);
  if (known) return known;
  const compiled = ajv.compile(schema);
  validators.set(schema, compiled);
  return compiled;
};

// Hostile values: anything JSON can carry, and strings that break naive code.
const oddString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    '9'.repeat(40),
    '\u0000',
    '%00',
    '../..',
    '<x>',
    '2026-02-30T10:00',
  ),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
);
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
);

// Far apart per seed, so two seeds do not replay the same values one step shifted.
let seed = SEED * 1_000_003;
const valid = (schema: Schema) => generateSync(schema as JsonSchema, { seed: seed++ });
const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: 1, seed: seed++ })[0] as T;

function buildCase(pathTemplate: string, method: string, op: Operation, i: number): Case {
  const hostile = i % 2 === 1;
  const params = op.parameters ?? [];
  let url = pathTemplate;
  for (const p of params.filter((p) => p.in === 'path')) {
    // Half of the valid ids point at demo records, so updates and deletes really run.
    const value = hostile
      ? sample(oddString)
      : p.name === 'id' && i % 4 === 0
        ? String(1 + (i % 12))
        : String(valid(p.schema));
    url = url.replace(`{${p.name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const p of params.filter((p) => p.in === 'query')) {
    if (!p.required && i % 3 === 0) continue;
    const value = hostile ? sample(oddString) : valid(p.schema);
    if (value !== undefined) query.set(p.name, String(value));
  }
  if (query.size) url += `?${query}`;
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? (hostile ? sample(anyJson) : valid(bodySchema)) : undefined;
  // Mostly the owner (to get past the guard), sometimes nobody, sometimes a forged token.
  const token = i % 7 === 5 ? undefined : i % 7 === 6 ? 'not.a.token' : admin;
  return { method: method.toUpperCase(), url, body, token, kind: hostile ? 'hostile' : 'valid' };
}

type Problem = { c: Case; status: number; why: string; text: string };
const problems: Problem[] = [];
const statuses = new Map<number, number>();
let operations = 0;
let cases = 0;

for (const [pathTemplate, byMethod] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(byMethod)) {
    operations++;
    for (let i = 0; i < CASES; i++) {
      const c = buildCase(pathTemplate, method, op, i);
      cases++;
      let res: Awaited<ReturnType<typeof send>>;
      try {
        res = await send(c);
      } catch (err) {
        problems.push({ c, status: 0, why: `no answer: ${(err as Error).message}`, text: '' });
        continue;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const declared = resolve(op.responses[String(res.status)]);
      if (res.status >= 500) problems.push({ c, status: res.status, why: 'server error', text: res.text });
      else if (!declared)
        problems.push({ c, status: res.status, why: 'status not in the document', text: res.text });
      else if (res.type.startsWith('application/json')) {
        const schema = declared.content?.['application/json']?.schema;
        if (!schema)
          problems.push({ c, status: res.status, why: 'JSON body where none is documented', text: res.text });
        else {
          const check = validatorOf(schema);
          if (!check(JSON.parse(res.text)))
            problems.push({
              c,
              status: res.status,
              why: `body off schema: ${ajv.errorsText(check.errors)}`,
              text: res.text,
            });
        }
      }
    }
  }
}

await app.close();
rmSync(dataDir, { recursive: true, force: true });

const byStatus = [...statuses]
  .sort(([a], [b]) => a - b)
  .map(([s, n]) => `${s}×${n}`)
  .join(' ');
console.log(`${operations} operations, ${cases} cases (seed ${SEED}); statuses: ${byStatus}`);
// One line per distinct problem (operation + reason), with the first request that showed it.
const seen = new Set<string>();
for (const p of problems) {
  const key = `${p.c.method} ${p.c.url.split('?')[0]?.replace(/\/[^/]*$/, '/…')} ${p.status} ${p.why.slice(0, 80)}`;
  if (seen.has(key)) continue;
  seen.add(key);
  console.log(
    `PROBLEM ${p.status} ${p.why}\n  ${p.c.method} ${p.c.url} ${JSON.stringify(p.c.body)?.slice(0, 300) ?? ''}\n  -> ${p.text.slice(0, 300)}`,
  );
}
console.log(
  problems.length ? `${problems.length} failing cases, ${seen.size} distinct` : 'no problems found',
);
process.exit(problems.length ? 1 : 0);
