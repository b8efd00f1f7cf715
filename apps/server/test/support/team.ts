import { hash } from '@node-rs/argon2';
import { users } from '../../src/db/schema';
import { type Inject, injectAs, type TestApp } from './harness';

export const CLEANER_PASSWORD = 'cleaner-horse-battery';

/**
 * A cleaner on the team, written straight to the database (the invitation flow has its own tests), signed in:
 * their id, token and requests as them.
 */
export async function addCleaner(
  t: Pick<TestApp, 'app' | 'db'>,
  who: { name?: string; email?: string; payKind?: 'hourly' | 'per_visit'; payAmount?: number } = {},
): Promise<{ id: number; email: string; token: string; as: Inject }> {
  const email = who.email ?? `cleaner${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [row] = await t.db
    .insert(users)
    .values({
      username: email,
      email,
      passwordHash: await hash(CLEANER_PASSWORD),
      role: 'cleaner',
      name: who.name ?? 'Ana Cleaner',
      payKind: who.payKind ?? 'hourly',
      payAmount: who.payAmount ?? 22,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('addCleaner: no row');
  const res = await injectAs(t.app, null)('POST', '/signin', { username: email, password: CLEANER_PASSWORD });
  const token = res.json<{ token: string }>().token;
  if (!token) throw new Error(`addCleaner: sign-in failed: ${res.body}`);
  return { id: row.id, email, token, as: injectAs(t.app, token) };
}
