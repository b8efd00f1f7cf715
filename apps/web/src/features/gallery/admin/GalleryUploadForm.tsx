import {
  DEFAULT_GALLERY_CATEGORY,
  GALLERY_CATEGORIES,
  type GalleryUploadInput,
  galleryUploadFields,
  galleryUploadInput,
} from '@clean/shared';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { photoForm } from '../../../lib/photo-upload';
import { Options, SelectField } from '../../../lib/ui/FormFields';
import { FormPanel } from '../../../lib/ui/FormPanel';
import { FormFeedback, SubmitButton } from '../../../lib/ui/FormStatus';
import { PhotoFileInput } from '../../../lib/ui/PhotoPicker';
import { TextField } from '../../../lib/ui/TextField';
import { useFeedback } from '../../../lib/useFeedback';
import { useZodForm } from '../../../lib/useZodForm';
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

/** Add to Gallery (admin only; loaded lazily so visitors never download it). docs/product.md#gallery. */
export function GalleryUploadForm() {
  const upload = useUploadPhoto();
  const { feedback, setFeedback, attempt } = useFeedback();
  const { field, handleSubmit, getValues, reset, formState } = useZodForm(galleryUploadInput, EMPTY);
  // A photo file from the phone or computer, sent instead of a link (multipart/form-data).
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const done = () => {
    reset(EMPTY);
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
    return UPLOAD_MESSAGES.uploaded;
  };
  const failed = (err: unknown) => {
    console.error('Failed to upload photo', err);
    return errorMessage(err, UPLOAD_MESSAGES.failed, UPLOAD_MESSAGES.network);
  };
  const send = handleSubmit((input) =>
    attempt(async () => {
      await upload.mutateAsync(input);
      return done();
    }, failed),
  );
  const sendFile = async (photo: File) => {
    const fields = galleryUploadFields.safeParse(getValues());
    if (!fields.success) {
      setFeedback({ tone: 'error', text: fields.error.issues[0]?.message ?? UPLOAD_MESSAGES.failed });
      return;
    }
    await attempt(async () => {
      await upload.mutateAsync(photoForm(photo, fields.data));
      return done();
    }, failed);
  };

  return (
    <FormPanel
      aria-labelledby="add-to-gallery-heading"
      onSubmit={(event) => {
        if (file) {
          event.preventDefault();
          return sendFile(file);
        }
        // docs/product.md#gallery: an empty image URL is answered with an alert, before anything is sent.
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
      <FormFeedback feedback={feedback} />
      <TextField
        label="Image URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        {...field('image_url')}
      />
      <PhotoFileInput id={fileId} inputRef={fileInput} onFile={setFile} />
      <TextField label="Caption (optional)" {...field('caption')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Category" {...field('category')}>
          <option value="">Select a category</option>
          <Options values={GALLERY_CATEGORIES} />
          <option value={DEFAULT_GALLERY_CATEGORY}>{DEFAULT_GALLERY_CATEGORY}</option>
        </SelectField>
        <SelectField label="Photo type (optional)" {...field('photo_type')}>
          <option value="">None</option>
          <Options values={PHOTO_TYPES} />
        </SelectField>
      </div>
      <SubmitButton
        busy={formState.isSubmitting || upload.isPending}
        busyLabel="Uploading…"
        label="Add to Gallery"
      />
    </FormPanel>
  );
}
