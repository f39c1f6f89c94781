/** The closed set of failures the domain may report (STYLE: Errors). */
export const DOMAIN_ERROR_CODES = [
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'FAILED_PRECONDITION',
  'INVALID_ARGUMENT',
  'PERMISSION_DENIED',
  'UNAUTHENTICATED',
  'RESOURCE_EXHAUSTED',
  'DEADLINE_EXCEEDED',
  // Optimistic locking: the record changed since it was read (HTTP 409).
  'ABORTED',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** The input field the failure concerns, when there is one. */
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string, field?: string) => new DomainError('NOT_FOUND', `${what} was not found`, field);
export const permissionDenied = (message = 'You do not have access to this resource') =>
  new DomainError('PERMISSION_DENIED', message);
export const unauthenticated = (message = 'Your session has expired; please sign in again') =>
  new DomainError('UNAUTHENTICATED', message);
export const invalidArgument = (field: string, message: string) => new DomainError('INVALID_ARGUMENT', message, field);
/** The record changed since the caller read it (a stale version): nothing was written. */
export const aborted = (message: string, field?: string) => new DomainError('ABORTED', message, field);
