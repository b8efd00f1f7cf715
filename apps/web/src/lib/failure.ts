import { ApiError } from './api';

/**
 * What went wrong, for the owner: `message` (the spec's wording), followed by the server's reason when it
 * refused the input (a 4xx with an `{ error }`), so a refused form never fails silently or vaguely.
 */
export function failureMessage(message: string, err: unknown): string {
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
