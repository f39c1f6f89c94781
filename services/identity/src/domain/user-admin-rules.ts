import { firstRole, isRole, isSuperAdmin } from '@gains/access';

interface Person {
  uuid: string;
  roles: readonly string[];
  organisationUuids: readonly string[];
}

/**
 * Whether an administrator may manage (reset MFA, disable, enable) a user: a super admin anyone but
 * themselves; a customer admin only non-super-admin users all of whose organisations are theirs.
 */
export function canManageUser(admin: Person, target: Person): boolean {
  if (admin.uuid === target.uuid) return false;
  if (isSuperAdmin(admin.roles)) return true;
  if (firstRole(admin.roles) !== 'CUSTOMER_ADMIN') return false;
  if (isSuperAdmin(target.roles)) return false;
  return (
    target.organisationUuids.length > 0 && target.organisationUuids.every((o) => admin.organisationUuids.includes(o))
  );
}

/** Whether an administrator may give a new user this role in these organisations. */
export function canInvite(admin: Person, role: string, organisationUuids: readonly string[]): boolean {
  if (!isRole(role)) return false;
  if (isSuperAdmin(admin.roles)) return true;
  if (firstRole(admin.roles) !== 'CUSTOMER_ADMIN' || role === 'ROLE_ADMIN') return false;
  return organisationUuids.every((o) => admin.organisationUuids.includes(o));
}
