import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { useDemoContent, useRemoveDemoContent } from './api';

/**
 * Above the hub while the site shows the demo content a first `npm start` loads (docs/product.md#demo-content):
 * one tap removes all of it and keeps what the owner made.
 */
export function DemoContentBanner() {
  const status = useDemoContent();
  const remove = useRemoveDemoContent();
  if (remove.isSuccess)
    return (
      <Alert tone="success" className="mb-6">
        Demo content removed.
      </Alert>
    );
  if (!status.data?.present) return null;
  return (
    <Alert tone="info" className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <span>
        <strong>This site shows demo content</strong> — made-up packages, photos, reviews and customers. Your
        own records stay.
      </span>
      <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
        {remove.isPending ? 'Removing…' : 'Remove it'}
      </Button>
      {remove.isError && <span className="w-full text-red-800">{remove.error.message}</span>}
    </Alert>
  );
}
