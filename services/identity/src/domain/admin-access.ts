import type { Caller } from '@gains/auth';
import { firstRole, type RouteRole } from '@gains/access';
import { permissionDenied } from '@gains/errors';
import type { UserRecord } from '../store/user-store';
import type { IdentityDeps } from './deps';
import { actingUser } from './get-current-user';

/**
 * The caller as stored now, if their first role (spec §6) is one of `roles`. Identity checks this
 * itself: the BFF's permission table is not the only gate.
 */
export async function assertRole(deps: IdentityDeps, caller: Caller, roles: readonly RouteRole[]): Promise<UserRecord> {
  const user = await actingUser(deps, caller);
  const role = firstRole(user.roles);
  if (!role || !roles.includes(role)) throw permissionDenied('You do not have permission to do this');
  return user;
}

export const SUPER_ADMIN: readonly RouteRole[] = ['ADMIN'];
export const ADMINS: readonly RouteRole[] = ['ADMIN', 'CUSTOMER_ADMIN'];
