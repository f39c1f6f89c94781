import { Code, ConnectError } from '@connectrpc/connect';
import { FIELD_METADATA_KEY } from './connect-interceptor';

/** The one table from Connect codes to HTTP statuses used by the BFF. */
export const HTTP_STATUS: Record<Code, number> = {
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.InvalidArgument]: 400,
  [Code.DeadlineExceeded]: 504,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.PermissionDenied]: 403,
  [Code.ResourceExhausted]: 429,
  [Code.FailedPrecondition]: 412,
  [Code.Aborted]: 409,
  [Code.OutOfRange]: 400,
  [Code.Unimplemented]: 501,
  [Code.Internal]: 500,
  [Code.Unavailable]: 503,
  [Code.DataLoss]: 500,
  [Code.Unauthenticated]: 401,
};

/** The spec's error body (§3 Error response), with the field when the failure names one. */
export interface ErrorBody {
  type_description: string;
  timestamp: string;
  id: string;
  field?: string;
}

export function errorBody(message: string, id: string, field?: string): ErrorBody {
  return { type_description: message, timestamp: new Date().toISOString(), id, ...(field ? { field } : {}) };
}

export function httpErrorFrom(error: unknown): { status: number; message: string; field?: string } {
  const err = ConnectError.from(error);
  const status = HTTP_STATUS[err.code] ?? 500;
  // A 5xx keeps its cause to the logs, except a time limit reached (504), whose message says which limit.
  const message =
    status >= 500 && err.code !== Code.DeadlineExceeded
      ? 'Something went wrong on our side; please try again'
      : err.rawMessage;
  return { status, message, field: err.metadata.get(FIELD_METADATA_KEY) ?? undefined };
}
