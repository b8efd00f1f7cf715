import { noContent } from '@clean/shared';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { anyone } from './access';
import { optionalUser, requireAdmin, requireUser } from './guard';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** `hidden`: no schema, or one marked `hide` (as @fastify/static marks the web app's files). */
export type RegisteredRoute = { method: string; url: string; hidden: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifySchema {
    /** A body schema for the document only, for a handler that validates its body itself. */
    documentedBody?: unknown;
  }
}

const hooks = (route: RouteOptions) => [route.onRequest ?? []].flat();

/** Which session a route wants, read from its guard, so the document can never disagree with the code. */
function securityOf(route: RouteOptions): Array<Record<string, string[]>> | undefined {
  const guards = hooks(route);
  if (guards.includes(requireAdmin) || guards.includes(requireUser)) return [{ bearer: [] }];
  // Open to all, with more rights for the owner: a token is optional.
  if (guards.includes(optionalUser)) return [{}, { bearer: [] }];
  return undefined;
}

const errorContent = {
  'application/json': {
    schema: {
      type: 'object' as const,
      properties: { error: { type: 'string' as const, description: 'One sentence for a person to read.' } },
      required: ['error'],
      additionalProperties: false,
    },
  },
};
const shared = (description: string) => ({ description, content: errorContent });

/**
 * Answers any operation may get before its route runs (the body parser, the router, Node's HTTP parser): written
 * once here and referred to by every operation, in the same `{ error }` shape as the rest.
 */
const SHARED_RESPONSES = {
  PayloadTooLarge: shared('413: the request body is larger than the server takes (64 KB).'),
  UriTooLong: shared('414: a path segment is longer than any id or name the API knows.'),
  UnsupportedMediaType: shared('415: a request body that is not application/json.'),
  HeaderFieldsTooLarge: shared('431: the request headers are too large.'),
};
const SHARED_STATUSES: Record<string, keyof typeof SHARED_RESPONSES> = {
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  431: 'HeaderFieldsTooLarge',
};

type Document = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

function withSharedResponses<T>(document: T): T {
  for (const operations of Object.values((document as Document).paths ?? {}))
    for (const operation of Object.values(operations)) {
      const responses = operation.responses ?? {};
      for (const [status, name] of Object.entries(SHARED_STATUSES))
        responses[status] ??= { $ref: `#/components/responses/${name}` };
      operation.responses = responses;
    }
  return document;
}

/** The feature a path belongs to (its first segment after /api), to group operations in the docs. */
function tagOf(url: string): string {
  if (['/signin', '/forgot_password', '/reset-password', '/api/user'].includes(url)) return 'auth';
  if (!url.startsWith('/api/')) return 'seo';
  return url.replace(/^\/api\//, '').split(/[/.]/)[0] ?? '';
}

/**
 * The API contract: an OpenAPI 3.1 document generated from the routes' Zod schemas at GET /api/openapi.json,
 * browsable at /api/docs (Swagger UI, its assets served from node_modules: no CDN). Must be registered before
 * the features, since it collects routes as they are added. Routes without any schema (the web app's pages and
 * files) are not part of the API and stay out.
 */
export async function registerOpenApi(app: FastifyInstance) {
  // Every route added from here on, as the app registers it: the contract test checks each is documented.
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      registered.push({ method, url: route.url, hidden: !route.schema || Boolean(route.schema.hide) });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.site.businessName} API`,
        version: '1.0.0',
        description:
          'The JSON API behind the public site and the owner\'s hub. Every error is `{ "error": "sentence" }`. ' +
          'Lists take optional `page` and `limit` and then answer one page with the total in `X-Total-Count`. ' +
          'Owner-only operations need `Authorization: Bearer <token>` from POST /signin.',
      },
      // Relative: "Try it out" calls the server the page came from, whatever name it was reached by.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        responses: SHARED_RESPONSES,
      },
    },
    transformObject: (documentObject) =>
      withSharedResponses(
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
      ),
    transform: (document) => {
      const { route, url } = document;
      if (!route.schema) return { schema: { hide: true }, url };
      const { response, documentedBody, ...rest } = route.schema;
      const bodies = Object.entries((response ?? {}) as Record<string, unknown>);
      const empty = bodies.filter(([, body]) => body === noContent).map(([status]) => status);
      const { schema } = jsonSchemaTransform({
        ...document,
        schema: {
          ...rest,
          ...(documentedBody ? { body: documentedBody } : {}),
          response: Object.fromEntries(bodies.filter(([s]) => !empty.includes(s))),
        },
      });
      // @fastify/swagger writes `type: null` as a response without content.
      for (const status of empty)
        (schema.response as Record<string, unknown>)[status] = {
          type: 'null',
          description: 'Done; no body.',
        };
      const security = securityOf(route);
      return { schema: { ...schema, tags: [tagOf(url)], ...(security ? { security } : {}) }, url };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true }, config: anyone }, async () => app.swagger());
  // OpenAPI 3.1, which the static mode's types (2.0 and 3.0) do not name; it serves the document as it is.
  const docs = lazyDocs(() => app.swagger() as StaticDocumentSpec['document']);
  for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`])
    app.get(url, { schema: { hide: true }, config: anyone }, async (request, reply) => {
      const answer = await (await docs()).inject({
        method: 'GET',
        url: request.url,
        headers: request.headers,
      });
      const headers = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)),
      );
      return reply.status(answer.statusCode).headers(headers).send(answer.rawPayload);
    });
}

/** Written again by this server for its own answer (which it may compress). */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

/**
 * Swagger UI's pages, in an app of their own built on the first visit to the docs: the UI plugin and what it
 * brings (a static file server, a YAML writer) are a few MB the server would otherwise hold from start, for a page
 * hardly anyone opens. It serves the document as it stands then, every route being registered by the first
 * request; the server's own hooks (security headers, compression) still wrap each answer.
 */
function lazyDocs(document: () => StaticDocumentSpec['document']) {
  let built: Promise<FastifyInstance> | undefined;
  return () => {
    built ??= (async () => {
      const [{ default: Fastify }, { default: swaggerUi }] = await Promise.all([
        import('fastify'),
        import('@fastify/swagger-ui'),
      ]);
      const ui = Fastify({ logger: false });
      await ui.register(swagger, { mode: 'static', specification: { document: document() } });
      await ui.register(swaggerUi, {
        routePrefix: DOCS_PREFIX,
        // No call to validator.swagger.io: nothing leaves for another host.
        uiConfig: { validatorUrl: null, deepLinking: true },
      });
      await ui.ready();
      return ui;
    })();
    // A failed build (a file missing) is tried again by the next visit rather than remembered.
    built.catch(() => {
      built = undefined;
    });
    return built;
  };
}
