/**
 * Domain errors: what a service says went wrong, in words safe to show the client. Services and guards throw
 * them; the one error handler (error-handler.ts) maps each kind to its HTTP status and `{ error }`.
 */
export class DomainError extends Error {}

/** The request names something that is not there, or breaks a rule the schema cannot express (400). */
export class ValidationError extends DomainError {}
/** No session, or an invalid one (401). */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Please sign in.') {
    super(message);
  }
}
/** Signed in, but not allowed (403). */
export class ForbiddenError extends DomainError {
  constructor(message = 'Only the site administrator may do this.') {
    super(message);
  }
}
/** The addressed record does not exist (404). */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super(message);
  }
}
/** The request clashes with the current state, e.g. records still depend on it (409). */
export class ConflictError extends DomainError {}
/** What the request names existed and has ended for good (410): a customer's link past its time or revoked. */
export class GoneError extends DomainError {}
/**
 * The client's If-Match version is no longer current: the record changed since it was read (412). The message
 * says what changed when known, and that nothing was changed.
 */
export class StaleVersionError extends DomainError {}
/** The request's content is larger than this server takes (413). */
export class PayloadTooLargeError extends DomainError {}
/** The request's content is of a type this route does not take (415). */
export class UnsupportedMediaTypeError extends DomainError {}
/** The client asked too often (429). */
export class TooManyRequestsError extends DomainError {}
/** Something this request needs is not available right now; the client may retry (503). */
export class UnavailableError extends DomainError {}

const statuses: [new (...args: never[]) => DomainError, number][] = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [GoneError, 410],
  [StaleVersionError, 412],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [TooManyRequestsError, 429],
  [UnavailableError, 503],
];

/** The HTTP status of a domain error (500 for a kind nobody mapped: a bug, not the client's fault). */
export function statusOf(err: DomainError): number {
  return statuses.find(([kind]) => err instanceof kind)?.[1] ?? 500;
}
