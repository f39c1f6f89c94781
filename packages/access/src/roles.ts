/** The three roles of the spec (§6). Only a user's first role decides what they may use. */
export const ROLES = ['ROLE_ADMIN', 'ROLE_CUSTOMER_ADMIN', 'ROLE_CUSTOMER_NON_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** The names the route layer uses for the roles. */
export type RouteRole = 'ADMIN' | 'CUSTOMER_ADMIN' | 'CUSTOMER_NON_ADMIN';

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_ADMIN: 'Administrator',
  ROLE_CUSTOMER_ADMIN: 'Customer',
  ROLE_CUSTOMER_NON_ADMIN: 'Customer (non-admin)',
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The role that counts: the first one. Users without a known first role get nothing. */
export function firstRole(roles: readonly string[]): RouteRole | undefined {
  const role = roles[0];
  if (role === undefined || !isRole(role)) return undefined;
  return role.slice('ROLE_'.length) as RouteRole;
}

/** A super admin acts for the provider across every organisation. */
export function isSuperAdmin(roles: readonly string[]): boolean {
  return firstRole(roles) === 'ADMIN';
}
