import type { SiteConfig } from '@clean/shared';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { siteStore } from '../site/store';

/** Text for HTML: the business's own facts may hold any character. */
export const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The opt-out links' pages (reminders, review requests): plain HTML with no script, never cached or indexed, with
 * the business facts in force (the owner may have edited them in the hub since start).
 */
export function plainPage(db: Db, config: Config, title: string) {
  const site = siteStore(db, config.site);
  return async (reply: FastifyReply, status: number, body: (facts: SiteConfig) => string) => {
    const facts = await site.current();
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — ${html(facts.businessName)}</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${body(facts)}</body></html>`,
      );
  };
}
