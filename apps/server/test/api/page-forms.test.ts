import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { galleryPhotos, inquiries, mailOutbox, packages, reviews } from '../../src/db/schema';
import { booking } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/**
 * The public forms as plain HTML form posts (a visitor before or without script): the same rules as the JSON
 * routes, answered with pages. Uses the built web app (apps/web/dist-ssr), as `npm test` builds it first.
 */
// Its posts come from one client, more than one budget's worth: the limit has its own tests (rate-limit.test.ts).
const t = useTestApp();

const FORM = 'application/x-www-form-urlencoded';
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': FORM, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
/** Markup without the comments React puts between neighbouring text nodes. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');
const newest = async () => (await t.db.select().from(inquiries).orderBy(desc(inquiries.id)).limit(1))[0];

describe('POST /contact as a plain form', () => {
  it('stores the booking request, mails as the JSON route does, and redirects to the thanks (303)', async () => {
    const mailsBefore = await t.db.$count(mailOutbox);
    const res = await post('/contact', { ...booking, package: 'Deep Clean' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=1');
    const stored = await newest();
    expect(stored).toMatchObject({ name: 'Robin Plain', status: 'New Inquiry', phoneNumber: '8605550123' });
    expect(stored?.description).toBe('Package: Deep Clean\n\nTwo-bedroom flat, every other week.');
    // The owner's notification and the visitor's acknowledgement, as for a JSON booking.
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore + 2);

    const thanks = await t.anonymous('GET', '/contact?sent=1');
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('Thank you! We received your request and will get back to you soon.');
  });

  it('answers a refused request with the page: 400, each problem beside its field, the input kept, nothing stored', async () => {
    const before = await t.db.$count(inquiries);
    const res = await post('/contact', { ...booking, name: '', town: 'Atlantis' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Please check the highlighted fields.');
    expect(res.body).toMatch(/Name is required|Name must/);
    expect(res.body).toContain('Town must be one of the listed towns or Other.');
    expect(res.body).toContain('value="robin@example.com"');
    expect(res.body).toContain('Two-bedroom flat, every other week.</textarea>');
    expect(await t.db.$count(inquiries)).toBe(before);
    // The message is a focusable summary at the form's top, where the post's address opens the page.
    expect(res.body).toContain('action="/contact#booking-problem"');
    const summary = res.body.indexOf('id="booking-problem" tabindex="-1"');
    expect(summary).toBeGreaterThan(0);
    expect(res.body.indexOf('Please check the highlighted fields.')).toBeGreaterThan(summary);
    expect(res.body.indexOf('Please check the highlighted fields.')).toBeLessThan(
      res.body.indexOf('name="name"'),
    );
    // Shown once: not again by the button.
    const fields = res.body.slice(res.body.indexOf('name="name"'), res.body.indexOf('Send Request'));
    expect(fields).not.toContain('Please check the highlighted fields.');
  });

  it('reads a phone as autofill types it (+1 …) as its 10 digits, and refuses one that is not a US number', async () => {
    expect((await post('/contact', { ...booking, phone_number: '+1 (860) 555-7788' })).statusCode).toBe(303);
    expect((await newest())?.phoneNumber).toBe('8605557788');

    const before = await t.db.$count(inquiries);
    const res = await post('/contact', { ...booking, phone_number: '+44 20 7946 0958' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Phone number must be a US phone number of 10 digits');
    expect(await t.db.$count(inquiries)).toBe(before);
  });

  it('is refused with the closed notice (409) while the owner has closed the form', async () => {
    const before = await t.db.$count(inquiries);
    expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: false })).statusCode).toBe(200);
    const res = await post('/contact', booking);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('not taking new booking requests right now');
    expect(await t.db.$count(inquiries)).toBe(before);
    expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: true })).statusCode).toBe(200);
  });
});

describe('POST /reviews as a plain form', () => {
  it('stores the review pending and redirects to the thanks', async () => {
    const res = await post('/reviews', { reviewer_name: 'Pat Plain', rating: '4', comment: 'Spotless.' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/reviews?sent=1');
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.reviewerName, 'Pat Plain'));
    expect(stored).toMatchObject({ rating: 4, comment: 'Spotless.', status: 'pending' });
    const thanks = await t.anonymous('GET', '/reviews?sent=1');
    expect(thanks.body).toContain('Thank you! Your review will appear once approved.');
  });

  it('renders the open form again with the problem and the input on a bad rating', async () => {
    const before = await t.db.$count(reviews);
    const res = await post('/reviews', { reviewer_name: 'Lee Plain', rating: '9', comment: 'Great' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Rating must be from 1 to 5.');
    expect(res.body).toContain('value="Lee Plain"');
    expect(res.body).toContain('action="/reviews"');
    expect(await t.db.$count(reviews)).toBe(before);
  });
});

describe('form posts elsewhere', () => {
  it.each([
    ['POST', '/signin', { username: 'admin', password: 'x' }],
    ['POST', '/api/inquiries', booking],
    ['POST', '/api/reviews', { reviewer_name: 'Sneaky', rating: '5' }],
    ['POST', '/api/packages', { title: 'Cheap', amount: '1', image_url: 'https://example.com/a.jpg' }],
    ['PATCH', '/api/contact-status', { is_open: 'false' }],
  ] as const)('%s %s refuses a form body (415), changing nothing', async (method, url, fields) => {
    const counts = async () => [
      await t.db.$count(inquiries),
      await t.db.$count(reviews),
      await t.db.$count(packages),
    ];
    const before = await counts();
    const res = await t.app.inject({
      method,
      url,
      headers: { 'content-type': FORM, authorization: `Bearer ${t.token}` },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: expect.any(String) });
    expect(await counts()).toEqual(before);
    expect((await t.anonymous('GET', '/api/contact-status')).json()).toMatchObject({ is_open: true });
  });
});

describe('pages rendered from their address', () => {
  it('/contact after "See price" (a GET of the whole form): the estimate\'s inputs as page parameters, the visitor\'s details kept but never cached', async () => {
    const [pkg] = await t.db
      .insert(packages)
      .values({ title: 'Priced Clean', amount: 150, imageUrl: '/demo/kitchen.webp' })
      .returning();
    const pricing = {
      packages: [{ package_id: pkg?.id, base_minutes: 120 }],
      per_bedroom: { amount: 20, minutes: 30 },
      per_bathroom: { amount: 15, minutes: 20 },
      extras: [{ key: 'inside-oven', name: 'Inside the oven', amount: 35, minutes: 30 }],
      frequency_discounts: { one_time: 0, weekly: 15, every_2_weeks: 10, every_4_weeks: 5 },
      minimum: 90,
    };
    expect((await t.injectAs(t.token)('PUT', '/api/pricing', pricing)).statusCode).toBe(200);
    const choice = `package_id=${pkg?.id}&bedrooms=3&bathrooms=2&extras=inside-oven&frequency=weekly`;
    const priced = await t.anonymous('GET', `/contact?${choice}`);
    expect(priced.statusCode).toBe(200);
    expect(priced.headers['cache-control']).toBe('no-cache');
    // 150 + 2×20 + 15 + 35 = 240, less 15%: $204.00, 120 + 60 + 20 + 30 minutes.
    expect(textOf(priced.body)).toContain('$204.00');
    expect(textOf(priced.body)).toContain('about 3 h 50 min');
    // The tax, without script too: 204 × 6.35 % = 12.954 → $12.95.
    expect(textOf(priced.body)).toContain('+ $12.95 CT sales tax = $216.95');
    expect(priced.body).toMatch(
      /<input(?=[^>]*name="extras")(?=[^>]*value="inside-oven")(?=[^>]*checked)[^>]*>/,
    );

    const kept = await t.anonymous(
      'GET',
      `/contact?name=Robin+Plain&email=robin%40example.com&description=Top+floor&heard_from=yelp&${choice}`,
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['cache-control']).toBe('no-store');
    expect(kept.body).toContain('value="Robin Plain"');
    expect(kept.body).toContain('value="robin@example.com"');
    expect(kept.body).toContain('Top floor</textarea>');
    expect(kept.body).toMatch(/<option value="yelp" selected/);
    expect(textOf(kept.body)).toContain('$204.00');
    // The visitor's page is theirs: the next visitor's /contact has none of it.
    const next = await t.anonymous('GET', `/contact?${choice}`);
    expect(next.body).not.toContain('Robin Plain');
  });

  it('renders the page the address names and ignores what no page reads', async () => {
    await t.db.insert(reviews).values(
      Array.from({ length: 13 }, (_, i) => ({
        reviewerName: `Reviewer ${i}`,
        rating: 5,
        status: 'approved' as const,
      })),
    );
    // Written behind the app's back: its public cache is told, as a write through the API would.
    await t.app.publicCache.invalidate();
    const second = await t.anonymous('GET', '/reviews?page=2');
    expect(textOf(second.body)).toContain('Page 2 of 2');
    const plain = await t.anonymous('GET', '/reviews');
    const tracked = await t.anonymous('GET', '/reviews?utm_source=mail&page=x');
    expect(textOf(plain.body)).toContain('Page 1 of 2');
    expect(tracked.headers.etag).toBe(plain.headers.etag);
  });

  it('keeps a visit’s gallery order for its seed, and shuffles a visit without one', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.asAdmin('POST', '/api/gallery/upload', {
        image_url: `https://example.com/photo-${i}.jpg`,
        caption: `Photo ${i}`,
        category: 'Kitchen',
      });
      expect(res.statusCode).toBe(201);
    }
    const order = (html: string) =>
      [...html.matchAll(/<img[^>]*src="https:\/\/example\.com\/photo-(\d)\.jpg"/g)].map((m) => m[1]).join('');
    const a = await t.anonymous('GET', '/gallery?seed=12345');
    const b = await t.anonymous('GET', '/gallery?seed=12345');
    expect(order(a.body)).toHaveLength(6);
    expect(order(b.body)).toBe(order(a.body));
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) orders.add(order((await t.anonymous('GET', '/gallery')).body));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('sends one page of the gallery, fetched in the order its links and search form carry', async () => {
    await t.db
      .insert(galleryPhotos)
      .values(
        Array.from({ length: 30 }, (_, i) => ({ imageUrl: `/demo/patio-${i}.webp`, category: 'Patio' })),
      );
    await t.app.publicCache.invalidate();
    type Query = { queryKey: unknown[]; state: { data: unknown } };
    const served = async (url: string) => {
      const res = await t.anonymous('GET', url);
      expect(res.statusCode).toBe(200);
      const state = /<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/.exec(
        res.body,
      )?.[1];
      const queries = (JSON.parse(state ?? '{}') as { queries: Query[] }).queries;
      const gallery = queries.filter((q) => q.queryKey[0] === 'gallery');
      const visitSeed = queries.find((q) => q.queryKey[0] === 'gallery-seed')?.state.data;
      const seeds = new Set([
        ...[...res.body.matchAll(/href="\/gallery\?[^"]*seed=(\d+)/g)].map((m) => Number(m[1])),
        ...[...res.body.matchAll(/<input type="hidden" name="seed" value="(\d+)"/g)].map((m) => Number(m[1])),
      ]);
      const photos = [...res.body.matchAll(/<li[^>]*><a [^>]*href="\/gallery\?[^"]*photo=(\d+)/g)].map((m) =>
        Number(m[1]),
      );
      return { html: res.body, gallery, visitSeed, seeds: [...seeds], photos };
    };

    const fresh = await served('/gallery?category=patio');
    // The page's query: one page of 12 of the 30, nothing else of the gallery (the visit's seed is apart).
    const [page, ...others] = fresh.gallery.filter((q) => q.queryKey[1] === 'page');
    expect(others).toEqual([]);
    const [, , category, seed, number] = page?.queryKey ?? [];
    expect([category, number]).toEqual(['patio', 1]);
    const data = page?.state.data as { items: { id: number }[]; total: number };
    expect(data.items).toHaveLength(12);
    expect(data.total).toBe(30);
    expect(fresh.photos).toEqual(data.items.map((p) => p.id));
    // The seed the page was fetched with is the one its links, its search form and its data carry.
    expect(fresh.seeds).toEqual([seed]);
    expect(fresh.visitSeed).toBe(seed);
    expect(fresh.html.length).toBeLessThan(60_000);

    // Its links lead on in that order: the three pages show each photo once.
    const rest = [2, 3].map((n) => served(`/gallery?category=patio&seed=${seed}&page=${n}`));
    const shown = [fresh.photos, ...(await Promise.all(rest)).map((p) => p.photos)];
    expect(shown.map((p) => p.length)).toEqual([12, 12, 6]);
    expect(new Set(shown.flat()).size).toBe(30);
  });

  it('renders an open dialog for a link to it, and the page without script needs no inline script', async () => {
    const [pkg] = await t.db.select().from(packages).limit(1);
    const withPackage = pkg
      ? pkg
      : (
          await t.asAdmin('POST', '/api/packages', {
            title: 'Standard Clean',
            amount: 120,
            image_url: 'https://example.com/standard.jpg',
            description: 'Every room, top to bottom.',
          })
        ).json<{ id: number; title: string }>();
    const res = await t.anonymous('GET', `/packages?package=${withPackage.id}`);
    expect(res.body).toMatch(/<dialog[^>]* open=""/);
    expect(res.body).toContain(`href="/contact?package=${withPackage.id}"`);
    // Only data scripts: React's streaming scripts would need 'unsafe-inline' under the CSP.
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    for (const attributes of inline) expect(attributes).toMatch(/type="application\/(json|ld\+json)"/);
  });
});
