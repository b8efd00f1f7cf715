import { z } from 'zod';

/** PATCH /api/contact-status (admin). */
export const contactStatusInput = z.object({
  is_open: z.boolean({ error: 'is_open must be true or false.' }),
});
export type ContactStatus = { is_open: boolean };
