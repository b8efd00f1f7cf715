import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistItems, visitChecklistTicks } from '../../src/db/schema';
import { addPackage, records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';
import { addCleaner } from '../support/team';

// The visits are in the past of this clock, so Done is not "early".
const t = useTestApp({}, { clock: () => new Date('2027-06-30T12:00:00Z') });

type Item = { id: number; label: string; required: boolean; done?: boolean };
const put = (url: string, items: Array<{ label: string; required: boolean }>) =>
  t.asAdmin('PUT', url, { items });
const itemsOf = async (url: string) => (await t.asAdmin('GET', url)).json<{ items: Item[] }>().items;

async function homeWithPackage(name: string) {
  const pkg = (await addPackage(t, `${name} package`)).json<{ id: number }>().id;
  const quote = {
    amount: 150,
    duration_minutes: 120,
    lines: [{ label: `${name} package`, amount: 150, minutes: 120 }],
    package_id: pkg,
    bedrooms: 1,
    bathrooms: 1,
    extras: [],
    frequency: 'one_time' as const,
  };
  const home = await records(t).inquiry(name, { quote });
  return { pkg, home };
}

describe('the owner’s checklists', () => {
  it('a package’s template and a home’s items: saved in order, read back, kept ids for kept labels', async () => {
    const { pkg, home } = await homeWithPackage('Maria Gonzalez');
    const url = `/api/packages/${pkg}/checklist`;
    const saved = await put(url, [
      { label: 'Kitchen counters', required: true },
      { label: 'Floors\nall rooms', required: false },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const first = saved.json<{ items: Item[] }>().items;
    expect(first.map((i) => [i.label, i.required])).toEqual([
      ['Kitchen counters', true],
      ['Floors all rooms', false],
    ]);
    const again = (
      await put(url, [
        { label: 'Bathroom', required: true },
        { label: 'kitchen counters', required: false },
      ])
    ).json<{ items: Item[] }>().items;
    expect(again[1]).toEqual({ id: first[0]?.id, label: 'kitchen counters', required: false });
    expect(await itemsOf(url)).toEqual(again);
    expect(
      (await put(`/api/inquiries/${home}/checklist`, [{ label: 'Feed the cat', required: false }]))
        .statusCode,
    ).toBe(200);
    expect((await itemsOf(`/api/inquiries/${home}/checklist`)).map((i) => i.label)).toEqual(['Feed the cat']);
  });

  it('bad lists are a 400 that changes nothing; an unknown package or home a 404; a cleaner a 403', async () => {
    const { pkg } = await homeWithPackage('Tom Reilly');
    const url = `/api/packages/${pkg}/checklist`;
    await put(url, [{ label: 'Windows', required: true }]);
    const stored = () => itemsOf(url);
    const many = Array.from({ length: 31 }, (_, k) => ({ label: `Item ${k}`, required: false }));
    await expectRefused(
      stored,
      { status: 400 },
      () => put(url, many),
      () => put(url, [{ label: 'x'.repeat(121), required: false }]),
      () => put(url, [{ label: ' ', required: false }]),
      () => put(url, [{ label: 'Dust', required: 'yes' as unknown as boolean }]),
      () =>
        put(url, [
          { label: 'Dust', required: true },
          { label: 'DUST', required: false },
        ]),
      () => t.asAdmin('PUT', url, { items: 'Dust' }),
    );
    expect((await put('/api/packages/999999/checklist', [])).statusCode).toBe(404);
    expect((await t.asAdmin('GET', '/api/inquiries/999999/checklist')).statusCode).toBe(404);
    const cleaner = await addCleaner(t);
    expect((await cleaner.as('PUT', url, { items: [] })).statusCode).toBe(403);
    expect((await cleaner.as('GET', url)).statusCode).toBe(403);
  });
});

describe('a visit’s checklist, ticked by its cleaner, and their Done', () => {
  it('the package’s items then the home’s; a tick twice counts once; Done waits for the required ones', async () => {
    const ana = await addCleaner(t, { name: 'Ana Lima' });
    const ben = await addCleaner(t, { name: 'Ben Moss' });
    const { pkg, home } = await homeWithPackage('Priya Shah');
    await put(`/api/packages/${pkg}/checklist`, [
      { label: 'Kitchen', required: true },
      { label: 'Windows', required: false },
    ]);
    await put(`/api/inquiries/${home}/checklist`, [{ label: 'Lock the back door', required: true }]);
    const id = await records(t).cleaning(home, {
      dateTime: new Date('2027-06-29T14:00:00Z'),
      cleanerId: ana.id,
    });
    const key = `o${id}`;
    const [visit] = (await ana.as('GET', '/api/my/visits?from=2027-06-29&to=2027-06-29')).json<
      Array<{ checklist: Item[] }>
    >();
    const list = visit?.checklist ?? [];
    expect(list.map((i) => [i.label, i.required, i.done])).toEqual([
      ['Kitchen', true, false],
      ['Windows', false, false],
      ['Lock the back door', true, false],
    ]);
    const [kitchen, windows, door] = list as [Item, Item, Item];

    const refused = await ana.as('PATCH', `/api/my/visits/${key}`, { status: 'done' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Tick the required items first: Kitchen; Lock the back door.');

    for (let k = 0; k < 2; k++) {
      const tick = await ana.as('PATCH', `/api/my/visits/${key}/checklist/${kitchen.id}`, { done: true });
      expect(tick.statusCode, tick.body).toBe(200);
      expect(tick.json()).toEqual({ ...kitchen, done: true });
    }
    const ticks = await t.db
      .select()
      .from(visitChecklistTicks)
      .where(and(eq(visitChecklistTicks.visitKey, key), eq(visitChecklistTicks.itemId, kitchen.id)));
    expect(ticks).toHaveLength(1);

    // Another cleaner, no visit, an item not on this visit's list: 404 alike; bad input 400.
    const other = await t.db
      .insert(checklistItems)
      .values({ packageId: (await homeWithPackage('Zed')).pkg, position: 0, label: 'Elsewhere' })
      .returning();
    expect(
      (await ben.as('PATCH', `/api/my/visits/${key}/checklist/${door.id}`, { done: true })).statusCode,
    ).toBe(404);
    expect(
      (await ana.as('PATCH', `/api/my/visits/o999999/checklist/${door.id}`, { done: true })).statusCode,
    ).toBe(404);
    expect(
      (await ana.as('PATCH', `/api/my/visits/${key}/checklist/${other[0]?.id}`, { done: true })).statusCode,
    ).toBe(404);
    expect(
      (await ana.as('PATCH', `/api/my/visits/${key}/checklist/${door.id}`, { done: 'yes' })).statusCode,
    ).toBe(400);
    expect((await ben.as('PATCH', `/api/my/visits/${key}`, { status: 'done' })).statusCode).toBe(404);
    expect((await ana.as('PATCH', `/api/my/visits/${key}`, { status: 'planned' })).statusCode).toBe(400);

    await ana.as('PATCH', `/api/my/visits/${key}/checklist/${door.id}`, { done: true });
    // Unticked again: open again.
    await ana.as('PATCH', `/api/my/visits/${key}/checklist/${door.id}`, { done: false });
    const stillOpen = await ana.as('PATCH', `/api/my/visits/${key}`, { status: 'done' });
    expect(stillOpen.json().error).toBe('Tick the required item first: Lock the back door.');
    await ana.as('PATCH', `/api/my/visits/${key}/checklist/${door.id}`, { done: true });
    const done = await ana.as('PATCH', `/api/my/visits/${key}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ key, status: 'done' });
    expect(windows.required).toBe(false);
    const owners = (await t.asAdmin('GET', '/api/visits?from=2027-06-29&to=2027-06-29')).json<
      Array<{ key: string; status: string; paid: boolean }>
    >();
    expect(owners.find((v) => v.key === key)).toMatchObject({ status: 'done', paid: false });
  });

  it('an occurrence of a schedule: its own ticks, Done through the occurrence', async () => {
    const cy = await addCleaner(t, { name: 'Cy Park' });
    const { home } = await homeWithPackage('Sam Weekly');
    await put(`/api/inquiries/${home}/checklist`, [{ label: 'Plants', required: true }]);
    const schedule = await records(t).schedule(home, {
      firstVisitAt: new Date('2027-06-01T13:00:00Z'),
      frequency: 'Weekly',
      cleanerId: cy.id,
    });
    const key = `r${schedule}-20270608T130000Z`;
    const [plants] = (await t.asAdmin('GET', `/api/inquiries/${home}/checklist`)).json<{ items: Item[] }>()
      .items;
    expect((await cy.as('PATCH', `/api/my/visits/${key}`, { status: 'done' })).statusCode).toBe(409);
    await cy.as('PATCH', `/api/my/visits/${key}/checklist/${plants?.id}`, { done: true });
    const done = await cy.as('PATCH', `/api/my/visits/${key}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    const next = (await cy.as('GET', '/api/my/visits?from=2027-06-15&to=2027-06-15')).json<
      Array<{ status: string; checklist: Item[] }>
    >();
    expect(next[0]).toMatchObject({ status: 'planned', checklist: [{ label: 'Plants', done: false }] });
  });
});

describe('at the same moment', () => {
  it('two saves of one list: one after the other, never a mix of both', async () => {
    const { pkg } = await homeWithPackage('Race Save');
    const url = `/api/packages/${pkg}/checklist`;
    for (let round = 0; round < 5; round++) {
      const a = [
        { label: `A${round} one`, required: true },
        { label: `A${round} two`, required: false },
      ];
      const b = [{ label: `B${round} one`, required: false }];
      const answers = await Promise.all([put(url, a), put(url, b)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const labels = (await itemsOf(url)).map((i) => i.label);
      expect([a.map((i) => i.label), b.map((i) => i.label)]).toContainEqual(labels);
    }
  });

  it('an untick racing a Done: one waits for the other, never a done visit with a required item open', async () => {
    const eve = await addCleaner(t, { name: 'Eve Race' });
    const { home } = await homeWithPackage('Race Done');
    await put(`/api/inquiries/${home}/checklist`, [{ label: 'Alarm on', required: true }]);
    const [alarm] = (await t.asAdmin('GET', `/api/inquiries/${home}/checklist`)).json<{ items: Item[] }>()
      .items;
    for (let round = 0; round < 5; round++) {
      const id = await records(t).cleaning(home, {
        dateTime: new Date(Date.UTC(2027, 5, 1 + round, 14)),
        cleanerId: eve.id,
      });
      const key = `o${id}`;
      const tick = `/api/my/visits/${key}/checklist/${alarm?.id}`;
      await eve.as('PATCH', tick, { done: true });
      const [untick, done] = await Promise.all([
        eve.as('PATCH', tick, { done: false }),
        eve.as('PATCH', `/api/my/visits/${key}`, { status: 'done' }),
      ]);
      const day = `2027-06-0${1 + round}`;
      const [visit] = (await eve.as('GET', `/api/my/visits?from=${day}&to=${day}`)).json<
        Array<{ status: string; checklist: Item[] }>
      >();
      // One after the other under the visit's row lock: Done then the untick refused, or the untick then Done.
      expect([untick.statusCode, done.statusCode].sort()).toEqual([200, 409]);
      if (done.statusCode === 200) {
        expect(untick.json().error).toBe('This visit is done, so its required items stay ticked.');
        expect(visit).toMatchObject({ status: 'done', checklist: [{ done: true }] });
      } else expect(visit).toMatchObject({ status: 'planned', checklist: [{ done: false }] });
    }
  });
});
