import { z } from 'zod';
import { imageUrl, optionalText, requiredText } from '../common/fields';
import { money } from '../common/money';
import { responsiveImageSchema } from '../media/schemas';

/** POST /api/packages and PUT /api/packages/{id} (admin). */
export const packageInput = z.object({
  title: requiredText('Title', 120),
  amount: money('Amount'),
  image_url: imageUrl('Image URL'),
  description: optionalText('Description', 2000).transform((v) => v ?? ''),
});
export type PackageInput = z.input<typeof packageInput>;

/** A package as the API answers it. */
export const packageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    amount: z.number(),
    image_url: z.string(),
    description: z.string(),
    /** Only for an uploaded photo: its encodings for `<picture>` (a link's image has none). */
    image: responsiveImageSchema.optional(),
  })
  .meta({
    examples: [
      {
        id: 1,
        title: 'Standard Clean',
        amount: 120,
        image_url: '/demo/kitchen.jpg',
        description: 'Every room.',
      },
    ],
  });
export type Package = z.infer<typeof packageSchema>;
