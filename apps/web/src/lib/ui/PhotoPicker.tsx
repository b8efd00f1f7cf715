import { type Ref, useId, useState } from 'react';
import { errorMessage } from '../api';
import { useUploadMedia } from '../photo-upload';

/**
 * "Or take / choose a photo": a file input (on a phone it offers the camera and the photo library). The photo is
 * uploaded as soon as it is chosen and its link handed to `onUploaded`, which puts it in the form's link field;
 * the form is then saved as with a typed link.
 */
export function PhotoPicker({ onUploaded }: { onUploaded: (url: string) => void }) {
  const id = useId();
  const upload = useUploadMedia();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <PhotoFileInput
      id={id}
      disabled={upload.isPending}
      status={status}
      onFile={async (file) => {
        if (!file) return;
        setStatus('Uploading the photo…');
        try {
          const photo = await upload.mutateAsync(file);
          onUploaded(photo.image_url);
          setStatus('Photo uploaded: its link is filled in above.');
        } catch (err) {
          setStatus(errorMessage(err, 'The photo could not be uploaded.'));
        }
      }}
    />
  );
}

/**
 * The labelled file input both photo forms use; `status` (when given) is announced below it. `onFile` gets the
 * chosen file, or null when the choice is cleared.
 */
export function PhotoFileInput({
  id,
  inputRef,
  disabled,
  status,
  onFile,
}: {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  status?: string | null;
  onFile: (file: File | null) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        Or take or choose a photo
      </label>
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept="image/*"
        aria-describedby={status === undefined ? undefined : `${id}-status`}
        disabled={disabled}
        className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-900"
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
      />
      {status !== undefined && (
        <p id={`${id}-status`} role="status" className="text-sm text-stone-700">
          {status}
        </p>
      )}
    </div>
  );
}
