import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../lib/ui/Button';
import { type PhotoKind, useUploadVisitPhoto } from './api';

const LABELS = { before: 'Before photo', after: 'After photo' } as const;

/** Before and after photos: each button opens the camera (or the files) and uploads the picture taken. */
export function PhotoUpload({ visitKey }: { visitKey: string }) {
  const upload = useUploadVisitPhoto();
  const inputs = useRef<Partial<Record<PhotoKind, HTMLInputElement | null>>>({});
  const [sent, setSent] = useState<Record<PhotoKind, number>>({ before: 0, after: 0 });

  function send(kind: PhotoKind, file: File | undefined) {
    if (!file) return;
    upload.mutate(
      { key: visitKey, kind, file },
      { onSuccess: () => setSent((counts) => ({ ...counts, [kind]: counts[kind] + 1 })) },
    );
  }

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {(['before', 'after'] as const).map((kind) => (
          <span key={kind}>
            <Button
              variant="secondary"
              disabled={upload.isPending}
              onClick={() => inputs.current[kind]?.click()}
            >
              Add {LABELS[kind].toLowerCase()}
            </Button>
            <input
              ref={(el) => {
                inputs.current[kind] = el;
              }}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              aria-label={LABELS[kind]}
              onChange={(event) => {
                send(kind, event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </span>
        ))}
      </div>
      <p aria-live="polite" className="mt-2 text-sm text-stone-700">
        {upload.isPending && 'Uploading…'}
        {!upload.isPending &&
          sent.before + sent.after > 0 &&
          `Uploaded: ${sent.before} before, ${sent.after} after.`}
      </p>
      {upload.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(upload.error, 'The photo was not uploaded.', 'Not uploaded: you are offline.')}
        </p>
      )}
    </div>
  );
}
