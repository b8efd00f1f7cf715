import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens naming a row by its id, signed so that nothing needs storing: the id and an HMAC of it under a key
 * derived from the server's secret for one purpose (`keyLabel`, then `prefix` in the signed text), so a token of
 * one purpose (a reminder's opt-out) is worthless for another (a review's "verified" marker). A forged or altered
 * token fails the comparison.
 */
export function signedIds(secret: string, keyLabel: string, prefix: string) {
  const key = createHmac('sha256', secret).update(keyLabel).digest();
  const mac = (id: number) =>
    createHmac('sha256', key).update(`${prefix}:${id}`).digest('base64url').slice(0, 32);
  return {
    tokenFor: (id: number) => `${id}.${mac(id)}`,
    /** The id a token names, or undefined when it is not one this server signed for this purpose. */
    idOf(token: string): number | undefined {
      const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
      if (!match) return undefined;
      const id = Number(match[1]);
      const given = Buffer.from(match[2] as string);
      const expected = Buffer.from(mac(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
export type SignedIds = ReturnType<typeof signedIds>;
