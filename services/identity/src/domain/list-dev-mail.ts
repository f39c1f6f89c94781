import { notFound } from '@gains/errors';
import type { IdentityDeps } from './deps';

/** The development mailbox; when it is not enabled the call does not exist. */
export async function listDevMail(deps: IdentityDeps, to: string | undefined) {
  if (!deps.devMailbox) throw notFound('This API route');
  return deps.mailbox.list(to || undefined);
}
