import { ConnectError } from '@connectrpc/connect';
import { FIELD_METADATA_KEY } from './connect-interceptor';

/**
 * How tests read a refused RPC: its Connect code, message and the field it names; undefined when the call succeeds.
 * One reader, so every service's suite compares refusals the same way.
 */
export async function connectFailure(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (e: unknown) => {
      const err = ConnectError.from(e);
      return { code: err.code, message: err.rawMessage, field: err.metadata.get(FIELD_METADATA_KEY) };
    },
  );
}
