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
