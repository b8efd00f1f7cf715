import { ApiError, NetworkError, readStoredToken } from './api';

/**
 * Downloads an admin-only file: the bearer token cannot ride on a plain link, so the file is fetched with it
 * and handed to the browser as a blob. Empty query values are left out, as in apiFetch.
 */
export async function downloadFile(
  path: string,
  query: Record<string, string> = {},
  filename = path.split('/').at(-1) ?? 'download',
) {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== ''));
  const url = params.size ? `${path}?${params}` : path;
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, body?.error);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
