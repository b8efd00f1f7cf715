import { PHOTO_FIELD, type UploadedPhoto } from '@clean/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from './api';

/** A FormData carrying `file` as the photo (part `image`) and `fields` beside it. */
export function photoForm(file: File, fields: Record<string, string | null | undefined> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.set(name, value);
  form.set(PHOTO_FIELD, file);
  return form;
}

/** POST /api/media (admin): a photo for a package or a review; answers its link. */
export function useUploadMedia() {
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch<UploadedPhoto>('/api/media', { method: 'POST', body: photoForm(file) }),
  });
}
