import {
  DEFAULT_GALLERY_CATEGORY,
  GALLERY_CATEGORIES,
  type GalleryUploadInput,
  galleryUploadInput,
} from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api';
import { Alert } from '../../../lib/ui/Alert';
import { Button } from '../../../lib/ui/Button';
import { inputClass, TextField } from '../../../lib/ui/TextField';
import { useUploadPhoto } from '../api';

export const UPLOAD_MESSAGES = {
  missingUrl: 'Please provide an image URL.',
  uploaded: 'Photo uploaded successfully!',
  failed: 'Failed to upload photo.',
  network: 'An error occurred while uploading.',
} as const;

/** Photo types the site shows in the photo dialog; free text on the server. */
const PHOTO_TYPES = ['Before', 'After', 'Before/After'] as const;

const EMPTY: GalleryUploadInput = {
  image_url: '',
  caption: '',
  category: DEFAULT_GALLERY_CATEGORY,
  photo_type: '',
};

/** Add to Gallery (admin only; loaded lazily so visitors never download it). Spec §2, §5, §8. */
export function GalleryUploadForm() {
  const upload = useUploadPhoto();
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const categoryId = useId();
  const typeId = useId();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GalleryUploadInput, unknown, z.output<typeof galleryUploadInput>>({
    resolver: zodResolver(galleryUploadInput),
    defaultValues: EMPTY,
  });

  const send = handleSubmit(async (input) => {
    setFeedback(null);
    try {
      await upload.mutateAsync(input);
      setFeedback({ tone: 'success', text: UPLOAD_MESSAGES.uploaded });
      reset(EMPTY);
    } catch (err) {
      console.error('Failed to upload photo', err);
      setFeedback({
        tone: 'error',
        text: errorMessage(err, UPLOAD_MESSAGES.failed, UPLOAD_MESSAGES.network),
      });
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="add-to-gallery-heading"
      className="space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      onSubmit={(event) => {
        // Spec §5: an empty image URL is answered with an alert, before anything is sent.
        if (!String(getValues('image_url') ?? '').trim()) {
          event.preventDefault();
          window.alert(UPLOAD_MESSAGES.missingUrl);
          return;
        }
        return send(event);
      }}
    >
      <h2 id="add-to-gallery-heading" className="text-xl font-semibold text-brand-900">
        Add to Gallery
      </h2>
      {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
      <TextField
        label="Image URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        error={errors.image_url?.message}
        {...register('image_url')}
      />
      <TextField label="Caption (optional)" error={errors.caption?.message} {...register('caption')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={categoryId} className="block text-sm font-medium text-stone-800">
            Category
          </label>
          <select id={categoryId} className={inputClass} {...register('category')}>
            <option value="">Select a category</option>
            {GALLERY_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
            <option value={DEFAULT_GALLERY_CATEGORY}>{DEFAULT_GALLERY_CATEGORY}</option>
          </select>
          {errors.category && <p className="text-sm text-red-700">{errors.category.message}</p>}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={typeId} className="block text-sm font-medium text-stone-800">
            Photo type (optional)
          </label>
          <select id={typeId} className={inputClass} {...register('photo_type')}>
            <option value="">None</option>
            {PHOTO_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Uploading…' : 'Add to Gallery'}
      </Button>
    </form>
  );
}
