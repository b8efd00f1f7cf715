import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const origin = (url: string) => new URL(url).origin;

/** Security headers; the CSP allows exactly what the site embeds (map iframe, https images, work-request embed). */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const embed = config.site.workRequest;
  const embedOrigins = embed ? [...new Set([origin(embed.scriptUrl), origin(embed.stylesheetUrl)])] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...embedOrigins],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Carousel and select libraries set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'", ...embedOrigins],
        scriptSrc: ["'self'", ...embedOrigins],
        connectSrc: ["'self'", ...embedOrigins],
        frameSrc: ['https://www.google.com', 'https://maps.google.com', ...embedOrigins],
      },
    },
    // The page embeds third-party frames and images; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
}
