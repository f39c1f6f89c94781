import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { DomainError, type DomainErrorCode } from './domain-error';

const CONNECT_CODES: Record<DomainErrorCode, Code> = {
  NOT_FOUND: Code.NotFound,
  ALREADY_EXISTS: Code.AlreadyExists,
  FAILED_PRECONDITION: Code.FailedPrecondition,
  INVALID_ARGUMENT: Code.InvalidArgument,
  PERMISSION_DENIED: Code.PermissionDenied,
  UNAUTHENTICATED: Code.Unauthenticated,
  RESOURCE_EXHAUSTED: Code.ResourceExhausted,
  DEADLINE_EXCEEDED: Code.DeadlineExceeded,
  ABORTED: Code.Aborted,
};

export const FIELD_METADATA_KEY = 'x-error-field';

export function toConnectError(error: unknown): ConnectError {
  if (error instanceof ConnectError) return error;
  if (error instanceof DomainError) {
    const err = new ConnectError(error.message, CONNECT_CODES[error.code], undefined, undefined, error);
    if (error.field) err.metadata.set(FIELD_METADATA_KEY, error.field);
    return err;
  }
  return new ConnectError('Internal error', Code.Internal, undefined, undefined, error);
}

/**
 * A failure a called service answered, as the domain's own: its code, message and field (a job that calls other
 * services records why a row failed in the domain's words). Null for what is no domain failure (a service away, a
 * bug): those are retried or fail the work as a whole.
 */
export function domainErrorFrom(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (!(error instanceof ConnectError)) return null;
  const code = (Object.keys(CONNECT_CODES) as DomainErrorCode[]).find((k) => CONNECT_CODES[k] === error.code);
  if (!code || code === 'UNAUTHENTICATED' || code === 'RESOURCE_EXHAUSTED' || code === 'DEADLINE_EXCEEDED') return null;
  return new DomainError(code, error.rawMessage, error.metadata.get(FIELD_METADATA_KEY) ?? undefined, { cause: error });
}

/** The one place a service turns domain failures into Connect codes, keeping the cause and logging it. */
export function errorInterceptor(log: (error: unknown, method: string, code: Code) => void): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      const connectError = toConnectError(error);
      log(error, req.method.name, connectError.code);
      throw connectError;
    }
  };
}
