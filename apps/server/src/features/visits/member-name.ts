import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/** A team member's name as the Agenda, the digest and the feed show it: the owner without one is "Owner". */
export const memberName = sql<string>`coalesce(${users.name}, case when ${users.role} = 'owner' then 'Owner' else ${users.username} end)`;
