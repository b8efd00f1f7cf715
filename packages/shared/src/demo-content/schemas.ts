import { z } from 'zod';

/** GET /api/demo-content (owner): whether the demo content a first start loads is still on the site. */
export const demoContentStatusSchema = z
  .object({ present: z.boolean() })
  .meta({ examples: [{ present: true }] });
export type DemoContentStatus = z.infer<typeof demoContentStatusSchema>;
