/**
 * The baseline of `npm run bench`: a bare Fastify server (no plugins, no hooks, no database) answering each
 * route with the exact body and content type the real app gave, read from BARE_BODIES (a JSON file).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES ?? '', 'utf8')) as Record<
  string,
  { type: string; body: string }
>;
const app = Fastify({ logger: false });
for (const [url, { type, body }] of Object.entries(bodies)) {
  app.get(url, (_request, reply) => reply.type(type).send(body));
}
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
