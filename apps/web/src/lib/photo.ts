import { GALLERY_CATEGORIES, type GalleryPhoto } from '@clean/shared';

// Shared by the gallery, the home page's carousel and the packages' pictures.

/** A category as the upload form names it (Carpets is shown 'Carpet', MovingDay 'Moving Day'). */
export function categoryLabel(category: string | null | undefined): string {
  const value = category?.trim();
  if (!value) return 'Uncategorized';
  return GALLERY_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** What a photo shows, with the fallbacks for empty fields (docs/product.md#home). */
export const photoText = (photo: Pick<GalleryPhoto, 'caption' | 'category' | 'photo_type'>) => ({
  caption: photo.caption?.trim() || 'No Caption',
  category: categoryLabel(photo.category),
  photoType: photo.photo_type?.trim() || 'No Type',
});

/** A photo's alt text: its caption, or what it shows ("Kitchen cleaning") when it has none. */
export function photoAlt(photo: Pick<GalleryPhoto, 'caption' | 'category' | 'photo_type'>): string {
  const text = photoText(photo);
  return text.caption === 'No Caption' ? `${text.category} cleaning` : text.caption;
}

/** How wide a photo is shown in the photo dialogs (max-w-3xl), for an uploaded photo's `sizes`. */
export const DIALOG_SIZES = '(min-width: 800px) 720px, 100vw';

/** Shown when a photo's link is broken. */
export const PHOTO_PLACEHOLDER = '/photo-placeholder.svg';
