import type { Caller } from '@gains/auth';
import { notFound } from '@gains/errors';
import { assertRole, SUPER_ADMIN } from './admin-access';
import type { IdentityDeps } from './deps';

/**
 * The development mailbox holds reset codes and temporary passwords, so it is an account takeover in the
 * wrong hands: when it is not enabled the call does not exist, and when it is only a provider admin reads it.
 */
export async function listDevMail(deps: IdentityDeps, caller: Caller, to: string | undefined) {
  if (!deps.devMailbox) throw notFound('This API route');
  await assertRole(deps, caller, SUPER_ADMIN);
  return deps.mailbox.list(to || undefined);
}
