// Zod compiles object parsers with `new Function` when it may; its probe for that is an eval, which our CSP
// (script-src 'self') forbids and the browser reports as a violation (Lighthouse: best practices). The browser
// app parses little, so interpreted parsers cost nothing noticeable. Zod reads its configuration from this
// global (shared by every copy of zod, documented as `z.config`); setting it here, before zod is loaded, keeps
// zod itself out of the entry chunk. Imported by main.tsx, so it runs before any schema is built.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
