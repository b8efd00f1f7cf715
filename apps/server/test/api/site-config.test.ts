import { defaultSiteConfig, type SiteConfig } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

// Uses the built web app for `/` (apps/web/dist-ssr), as `npm test` builds it first.
const t = useTestApp();

const read = async () => (await t.anonymous('GET', '/api/site-config')).json<SiteConfig>();
const save = (body: unknown) => t.asAdmin('PUT', '/api/site-config', body);
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe('GET /api/site-config', () => {
  it('answers the configured facts while the owner has saved none', async () => {
    expect(await read()).toEqual({ ...defaultSiteConfig, timezone: t.config.timezone });
  });
});

describe('PUT /api/site-config', () => {
  it('replaces only the top-level fields it names, and `/` shows the new phone in its HTML and JSON-LD', async () => {
    const before = await read();
    expect((await t.anonymous('GET', '/')).body).toContain(before.phone);
    const res = await save({ phone: '203.555.0199', towns: ['Bristol', 'Plymouth'] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read();
    expect(res.json()).toEqual(after);
    expect(after).toEqual({ ...before, phone: '(203) 555-0199', towns: ['Bristol', 'Plymouth'] });

    const html = (await t.anonymous('GET', '/')).body;
    expect(html).toContain('(203) 555-0199');
    expect(html).not.toContain(before.phone);
    expect(jsonLd(html)).toMatchObject({ telephone: '(203) 555-0199', name: before.businessName });

    // A later save keeps what the earlier one changed.
    expect(
      (await save({ social: { label: 'Instagram', url: 'https://instagram.com/eco' } })).statusCode,
    ).toBe(200);
    expect(await read()).toMatchObject({ phone: '(203) 555-0199', social: { label: 'Instagram' } });
  });

  it.each([
    ['a phone without 10 digits', { phone: '555-0199' }, /Phone must have 10 digits/],
    ['a phone in words', { phone: 'call me maybe' }, /Phone must have 10 digits/],
    [
      'a social link that is not http(s)',
      { social: { label: 'X', url: 'javascript:alert(1)' } },
      /Social link/,
    ],
    ['an empty business name', { businessName: '  ' }, /Business name is required/],
    ['an empty headline', { headline: '' }, /Headline is required/],
    ['no towns', { towns: [] }, /at least one town/],
    ['a bad e-mail', { email: 'not-an-address' }, /Email/],
    ['a field that is not the owner’s to change', { timezone: 'Europe/Paris' }, /timezone/],
    ['a field that does not exist', { phone: '8605550142', colour: 'green' }, /colour/],
  ])('answers 400 naming the field for %s, changing nothing', async (_name, body, error) => {
    await expectRefused(read, { status: 400, error }, () => save(body));
  });

  it.each(NOT_ADMIN)('refuses a save with %s', async (_name, token) => {
    await expectRefused(read, { status: 401 }, () =>
      t.injectAs(token(t))('PUT', '/api/site-config', { phone: '8605550100' }),
    );
  });
});
