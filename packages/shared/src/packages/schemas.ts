import { z } from 'zod';
import { imageUrl, optionalText, requiredText } from '../common/fields';
import { money } from '../common/money';

/** POST /api/packages and PUT /api/packages/{id} (admin). */
export const packageInput = z.object({
  title: requiredText('Title', 120),
  amount: money('Amount'),
  image_url: imageUrl('Image URL'),
  description: optionalText('Description', 2000).transform((v) => v ?? ''),
});
export type PackageInput = z.input<typeof packageInput>;

export type Package = {
  id: number;
  title: string;
  amount: number;
  image_url: string;
  description: string;
};
