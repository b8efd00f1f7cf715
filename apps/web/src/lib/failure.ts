import { ApiError, NetworkError } from './api';
import { OfflineWriteError } from './offline';

/**
 * What went wrong, for the owner: `message` (the original wording, docs/product.md#compatibility), followed by the
 * server's reason when it refused the input (a 4xx with an `{ error }`), or by why nothing was sent (offline), so a
 * refused form never fails silently or vaguely.
 */
export function failureMessage(message: string, err: unknown): string {
  // A stale version (412): the server's sentence says what changed and what to do; the record is read again.
  if (err instanceof ApiError && err.status === 412 && err.serverMessage) return err.serverMessage;
  if (err instanceof NetworkError && err.cause instanceof OfflineWriteError) {
    return `${message} ${err.cause.message}`;
  }
  if (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 401 &&
    err.serverMessage
  ) {
    return `${message} ${err.serverMessage}`;
  }
  return message;
}
