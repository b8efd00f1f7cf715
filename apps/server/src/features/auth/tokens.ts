import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type SessionClaims = { userId: number; version: number };

/** Servers behind one database may disagree on the time by a little. */
const CLOCK_SKEW_SECONDS = 5;

/**
 * Three base64url parts, each exactly as an encoder writes it: the decoder takes padding, stray characters and a
 * last character with its spare bits set as the same bytes, so one signature has several spellings.
 */
function isCanonicalCompact(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every(
      (part) =>
        /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  );
}

/** Signs and checks session JWTs (HS256). */
export function sessionTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims: SessionClaims) =>
      new SignJWT({ ver: claims.version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token: string): Promise<SessionClaims | null> {
      // Only what sign() makes: the exact compact form, an expiry, an issue time not ahead of now, a decimal sub.
      if (!isCanonicalCompact(token)) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const version = payload.ver;
        if (!/^[1-9][0-9]{0,9}$/.test(payload.sub ?? '') || !Number.isInteger(version)) return null;
        if ((payload.iat ?? 0) > Math.floor(Date.now() / 1000) + CLOCK_SKEW_SECONDS) return null;
        return { userId: Number(payload.sub), version: version as number };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

/** A reset token for the e-mailed link; only its SHA-256 is stored. */
export function newResetToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');
