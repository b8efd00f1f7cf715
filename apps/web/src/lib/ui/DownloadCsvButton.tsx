import { useState } from 'react';
import { downloadFile } from '../download';
import { failureMessage } from '../failure';
import { Alert } from './Alert';
import { Button } from './Button';

/** "Download CSV": the export of what the section's search shows (the same search parameters). */
export function DownloadCsvButton({
  path,
  query,
  label = 'Download CSV',
  what,
}: {
  path: string;
  query?: Record<string, string>;
  label?: string;
  /** What is exported, for screen readers ("inquiries"). */
  what: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, query);
    } catch (err) {
      setError(failureMessage(`Failed to download the ${what}.`, err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={download} disabled={busy}>
        {busy ? 'Preparing…' : label}
        <span className="sr-only"> ({what})</span>
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
