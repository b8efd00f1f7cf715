import { formatDateTime, type OnMyWayStatus, VISIT_PHOTO_DAYS, type VisitPhotoItem } from '@clean/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch, readStoredToken } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

const CHANNEL = {
  sms: 'by text',
  email: 'by e-mail',
  none: 'not sent: the customer asked for no messages',
} as const;

/**
 * What the visit's cleaner left for the owner: whether "On my way" went to the customer, and the before/after
 * photos (private: each is fetched with the session, never a public address; docs/api.md, "Visit photos").
 */
export function VisitWork({ visitKey, timeZone }: { visitKey: string; timeZone: string }) {
  const path = `/api/visits/${encodeURIComponent(visitKey)}`;
  const onMyWay = useQuery({
    queryKey: [...hubKeys.all, 'on-my-way', visitKey] as const,
    queryFn: ({ signal }) => apiFetch<OnMyWayStatus>(`${path}/on-my-way`, { signal }),
  });
  const photos = useQuery({
    queryKey: [...hubKeys.all, 'visit-photos', visitKey] as const,
    queryFn: ({ signal }) => apiFetch<VisitPhotoItem[]>(`${path}/photos`, { signal }),
  });
  const client = useQueryClient();
  const keep = useMutation({
    mutationFn: ({ id, keep }: { id: number; keep: boolean }) =>
      apiFetch<VisitPhotoItem>(`${path}/photos/${id}`, { method: 'PATCH', body: { keep } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...hubKeys.all, 'visit-photos', visitKey] }),
  });
  const sent = onMyWay.data?.sent_at && onMyWay.data.channel;
  if (!sent && !photos.data?.length) return null;
  return (
    <section className="mt-4 space-y-2" aria-label="The cleaner's work">
      {sent && (
        <p className="text-stone-700">
          On my way: {formatDateTime(onMyWay.data?.sent_at ?? '', timeZone)}, {CHANNEL[sent]}
        </p>
      )}
      {!!photos.data?.length && (
        <ul className="grid grid-cols-2 gap-2">
          {photos.data.map((photo) => (
            <li key={photo.id}>
              <PrivatePhoto url={photo.url} alt={`${photo.kind === 'before' ? 'Before' : 'After'} photo`} />
              <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={photo.keep}
                  disabled={keep.isPending}
                  onChange={(e) => keep.mutate({ id: photo.id, keep: e.target.checked })}
                />
                Keep after {VISIT_PHOTO_DAYS} days
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A private photo: read with the session's token into an object URL, released when it leaves the screen. */
function PrivatePhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    const token = readStoredToken();
    const controller = new AbortController();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob) return;
        href = URL.createObjectURL(blob);
        setSrc(href);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (href) URL.revokeObjectURL(href);
    };
  }, [url]);
  return (
    <figure>
      {src ? (
        <img src={src} alt={alt} className="aspect-square w-full rounded-lg object-cover" />
      ) : (
        <div className="aspect-square w-full rounded-lg bg-stone-100" />
      )}
      <figcaption className="text-sm text-stone-600">{alt}</figcaption>
    </figure>
  );
}
