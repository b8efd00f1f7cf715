import type { SiteConfig } from '@clean/shared';
import type { FastifyReply } from 'fastify';

/** Text for HTML: the business's own facts may hold any character. */
export const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The pages a link in a message opens (the opt-outs, the team's invitation): plain HTML with no script, never cached or indexed, with
 * the business facts in force (`facts` reads them each time: the owner may have edited them in the hub since start).
 */
export function plainPage(facts: () => Promise<SiteConfig>, title: string) {
  return async (reply: FastifyReply, status: number, body: (facts: SiteConfig) => string) => {
    const site = await facts();
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — ${html(site.businessName)}</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${body(site)}</body></html>`,
      );
  };
}
