import { aborted } from '@gains/errors';

/** A row changed since the caller read it: 409, naming it. */
export function staleTransaction(uuid: string) {
  return aborted(
    `Transaction ${uuid} was changed by someone else since it was read; reload it and try again`,
    'version',
  );
}
