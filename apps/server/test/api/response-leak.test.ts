import { describe, expect, it } from 'vitest';
import type { Services } from '../../src/services';
import { useTestApp } from '../support/harness';

/**
 * The store is made to hand back more than the contract lists (a future column, a careless spread), as a store row
 * would: the response schema must let none of it out.
 */
function leakyPackages(services: Services): Services {
  const store = services.packages;
  const leaky = <T extends object>(p: T) => ({ ...p, owner_note: 'pays late', password_hash: 'x' });
  return {
    ...services,
    packages: {
      ...store,
      list: async () => (await store.list()).map(leaky),
      create: async (...args: Parameters<typeof store.create>) => leaky(await store.create(...args)),
      // A row the contract cannot describe (a title gone missing): a 500 sentence, not a half-made answer.
      update: async (...args: Parameters<typeof store.update>) => {
        const updated = await store.update(...args);
        return updated && { ...updated, title: undefined as unknown as string };
      },
    },
  };
}

const t = useTestApp({}, { wrapServices: leakyPackages });

const body = { title: 'Deep Clean', amount: 250, image_url: '/demo/kitchen.jpg', description: 'All of it.' };

describe('response schemas', () => {
  it('send only the listed fields, in lists and single records', async () => {
    const created = await t.asAdmin('POST', '/api/packages', body);
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.json()).sort()).toEqual(['amount', 'description', 'id', 'image_url', 'title']);
    expect(created.body).not.toContain('pays late');

    const list = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: created.json().id, ...body }]);
    expect(list.body).not.toMatch(/owner_note|password_hash/);
  });

  it('turn a record that does not fit the contract into a 500 sentence', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json<{ id: number }[]>();
    const res = await t.asAdmin('PUT', `/api/packages/${first?.id}`, body);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^Something went wrong on our side/) });
    expect(res.body).not.toContain('Deep Clean');
  });
});
