import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { anyone, byLink, refuseUndeclaredRoutes, registerAs } from '../../src/lib/access';
import { requireAdmin, requireTeamMember, requireUser } from '../../src/lib/guard';

/** A bare app with the deny-by-default check and one plugin's routes: whether it starts, and why not. */
async function starts(routes: (app: FastifyInstance) => unknown): Promise<string> {
  const app = Fastify();
  refuseUndeclaredRoutes(app);
  try {
    await app.register(async (scope) => {
      await routes(scope);
    });
    await app.ready();
    return 'started';
  } catch (err) {
    return (err as Error).message;
  } finally {
    await app.close();
  }
}

const ok = async () => ({});

describe('deny by default: every route says who may call it', () => {
  it('refuses to start with a route that says nothing', async () => {
    expect(await starts((app) => app.get('/api/secrets', ok))).toMatch(
      /GET \/api\/secrets: says nobody may call it/,
    );
  });

  it('starts with routes declared by their guard, config.access or their scope', async () => {
    const answer = await starts(async (app) => {
      app.get('/api/owners', { onRequest: requireAdmin }, ok);
      app.get('/api/my/visits', { onRequest: requireTeamMember }, ok);
      app.get('/api/user', { onRequest: requireUser }, ok);
      app.get('/api/visits/:key/photos/:id', { onRequest: requireTeamMember }, ok);
      app.get('/api/open', { config: anyone }, ok);
      app.get('/visit/:token', { config: byLink }, ok);
      await registerAs(app, 'anyone', async (scope) => scope.get('/plugin-file.js', ok));
    });
    expect(answer).toBe('started');
  });

  it('refuses a cleaner’s guard on any route outside /api/my/… and the listed few', async () => {
    expect(await starts((app) => app.get('/api/inquiries', { onRequest: requireUser }, ok))).toMatch(
      /GET \/api\/inquiries: a cleaner's session may open only/,
    );
    expect(await starts((app) => app.delete('/api/user', { onRequest: requireTeamMember }, ok))).toMatch(
      /DELETE \/api\/user/,
    );
  });

  it('refuses a declaration its guard contradicts', async () => {
    expect(
      await starts((app) => app.get('/api/x', { onRequest: requireAdmin, config: { access: 'anyone' } }, ok)),
    ).toMatch(/declares access "anyone" but its guard gives "owner"/);
  });
});
