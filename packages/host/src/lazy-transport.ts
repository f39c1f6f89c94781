import type { Transport } from '@connectrpc/connect';

/** A transport resolved on first use, so services can be wired to each other before all exist. */
export function lazyTransport(resolve: () => Transport): Transport {
  return {
    unary: (...args) => resolve().unary(...args),
    stream: (...args) => resolve().stream(...args),
  };
}
