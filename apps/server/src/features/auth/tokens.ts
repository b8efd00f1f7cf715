import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type SessionClaims = { userId: number; version: number };

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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const version = payload.ver;
        if (!Number.isInteger(userId) || typeof version !== 'number') return null;
        return { userId, version };
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
