import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages } from '../../src/db/schema';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

const t = useTestApp();

const count = () => t.db.$count(packages);
const good = {
  title: 'Weekly Refresh',
  amount: 129.99,
  image_url: 'https://images.example.com/weekly.jpg',
  description: 'Light weekly clean.',
};
async function create(body: object = good) {
  const res = await t.asAdmin('POST', '/api/packages', body);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; title: string; amount: number; image_url: string; description: string }>();
}

describe('GET /api/packages', () => {
  it('is public and lists every package cheapest first, ties by age', async () => {
    const a = await create({ ...good, title: 'A', amount: 200 });
    const b = await create({ ...good, title: 'B', amount: 99.5 });
    const c = await create({ ...good, title: 'C', amount: 200 });
    const res = await t.anonymous('GET', '/api/packages');
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ id: number }[]>().map((p) => p.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(c.id));
    expect(ids).toHaveLength(await count());
  });
});

describe('POST /api/packages', () => {
  it('creates a package and answers 201 with it, in the original field names', async () => {
    const res = await t.asAdmin('POST', '/api/packages', good);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), ...good });
    const listed = (await t.anonymous('GET', '/api/packages')).json<{ id: number }[]>();
    expect(listed).toContainEqual(body);
  });

  it('keeps money exact to the cent, from numbers or numeric strings', async () => {
    const ids: number[] = [];
    for (const [sent, expected] of [
      [0.1, 0.1],
      [0.2, 0.2],
      [1234567.89, 1234567.89],
      ['45.50', 45.5],
      [0, 0],
      [19.99, 19.99],
    ] as const) {
      const created = await create({ ...good, amount: sent });
      expect(created.amount).toBe(expected);
      const [row] = await t.db.select().from(packages).where(eq(packages.id, created.id));
      expect(row?.amount).toBe(expected);
      ids.push(created.id);
    }
    // Stored as numeric: sums in the database carry no float drift (0.1 + 0.2 is 0.30, not 0.30000000000000004).
    const [sum] = await t.db
      .select({ s: sql<string>`sum(${packages.amount})::text` })
      .from(packages)
      .where(inArray(packages.id, ids.slice(0, 2)));
    expect(sum?.s).toBe('0.30');
  });

  it('treats a missing description as empty', async () => {
    const { description, ...rest } = good;
    expect(description).toBeTruthy();
    const created = await create(rest);
    expect(created.description).toBe('');
  });

  it.each([
    ['title missing', { ...good, title: undefined }, /title/i],
    ['title blank', { ...good, title: '   ' }, /title/i],
    ['amount missing', { ...good, amount: undefined }, /amount/i],
    ['amount negative', { ...good, amount: -1 }, /amount/i],
    ['amount with 3 decimals', { ...good, amount: 10.005 }, /amount/i],
    ['amount as text', { ...good, amount: 'ten dollars' }, /amount/i],
    ['amount too large', { ...good, amount: 10_000_000 }, /amount/i],
    ['image_url missing', { ...good, image_url: undefined }, /image url/i],
    ['image_url not a URL', { ...good, image_url: 'not a url' }, /image url/i],
    ['image_url javascript:', { ...good, image_url: 'javascript:alert(1)' }, /image url/i],
    ['image_url ftp:', { ...good, image_url: 'ftp://files.example.com/a.jpg' }, /image url/i],
    ['description too long', { ...good, description: 'x'.repeat(2001) }, /description/i],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, body, field) => {
    const before = await count();
    const res = await t.asAdmin('POST', '/api/packages', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(field);
    expect(await count()).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    const before = await count();
    const res = await t.asAdmin('POST', '/api/packages', '"just text"', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('PUT /api/packages/{id}', () => {
  it('replaces every field and answers with the package', async () => {
    const created = await create();
    const next = {
      title: 'Weekly Refresh Plus',
      amount: 149,
      image_url: '/demo/plus.png',
      description: '',
    };
    const res = await t.asAdmin('PUT', `/api/packages/${created.id}`, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, ...next });
    const listed = (await t.anonymous('GET', '/api/packages')).json<{ id: number }[]>();
    expect(listed.find((p) => p.id === created.id)).toEqual({ id: created.id, ...next });
  });

  it('refuses bad input without changing the package', async () => {
    const created = await create();
    for (const body of [
      { ...good, title: '' },
      { ...good, amount: -5 },
      { ...good, amount: 1.234 },
      { ...good, image_url: 'javascript:alert(1)' },
      { ...good, image_url: 'http://images.example.com/a.png' },
      { ...good, image_url: '//images.example.com/a.png' },
      { title: 'Only a title' },
    ]) {
      const res = await t.asAdmin('PUT', `/api/packages/${created.id}`, body);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(packages).where(eq(packages.id, created.id));
    expect(row).toMatchObject({ title: good.title, amount: good.amount, imageUrl: good.image_url });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.asAdmin('PUT', '/api/packages/999999', good)).statusCode).toBe(404);
    expect((await t.asAdmin('PUT', '/api/packages/999999', good)).json().error).toMatch(/no package/i);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await t.asAdmin('PUT', `/api/packages/${bad}`, good);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/id/);
    }
  });
});

describe('DELETE /api/packages/{id}', () => {
  it('deletes the package and answers with a message', async () => {
    const created = await create();
    const res = await t.asAdmin('DELETE', `/api/packages/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const listed = (await t.anonymous('GET', '/api/packages')).json<{ id: number }[]>();
    expect(listed.map((p) => p.id)).not.toContain(created.id);
    expect((await t.asAdmin('DELETE', `/api/packages/${created.id}`)).statusCode).toBe(404);
  });

  it('accepts a DELETE that declares a JSON body and sends none', async () => {
    const created = await create();
    const res = await t.asAdmin('DELETE', `/api/packages/${created.id}`, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(packages).where(eq(packages.id, created.id))).toEqual([]);
  });

  it('answers 400 for malformed ids, deleting nothing', async () => {
    const before = await count();
    for (const bad of ['abc', '-1', '0']) {
      expect((await t.asAdmin('DELETE', `/api/packages/${bad}`)).statusCode).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});

describe('administration is the admin’s alone', () => {
  it.each([...NOT_ADMIN, ['a garbage token', () => 'not-a-jwt'] as const])(
    'refuses create, edit and delete with %s (401), changing nothing',
    async (_name, tokenOf) => {
      const target = await create();
      const as = t.injectAs(tokenOf(t));
      await expectRefused(
        () => t.db.select().from(packages),
        { status: 401 },
        () => as('POST', '/api/packages', good),
        () => as('PUT', `/api/packages/${target.id}`, { ...good, title: 'Hacked' }),
        () => as('DELETE', `/api/packages/${target.id}`),
      );
    },
  );
});
