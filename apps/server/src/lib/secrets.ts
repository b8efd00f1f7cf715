import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The JWT signing key: JWT_SECRET, else one generated at first start and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair that signs push messages (RFC 8292): from the environment, else generated at first start and
 * kept in DATA_DIR/vapid-keys.json (owner-only), so devices subscribed once keep receiving after a restart.
 */
export async function resolveVapidKeys(
  configured: VapidKeys | undefined,
  dataDir: string,
  generate: () => Promise<VapidKeys>,
): Promise<VapidKeys> {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(dataDir, { recursive: true });
  const keys = await generate();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
