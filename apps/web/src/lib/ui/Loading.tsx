/** Full-screen centred 'Loading...' shown while the session is being resolved (docs/product.md#every-page). */
export function FullScreenLoading() {
  return (
    <div role="status" aria-live="polite" className="grid min-h-screen place-items-center bg-canvas">
      <p className="text-lg font-medium text-brand-900">Loading...</p>
    </div>
  );
}

/** Inline placeholder while a page chunk or query loads. */
export function InlineLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-6xl px-4 py-16 text-center text-stone-600">
      {label}
    </div>
  );
}
