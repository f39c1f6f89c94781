import { describe, expect, it } from 'vitest';
import { canInvite, canManageUser } from './user-admin-rules';

const admin = { uuid: 'a', roles: ['ROLE_ADMIN'], organisationUuids: ['P'] };
const manager = { uuid: 'm', roles: ['ROLE_CUSTOMER_ADMIN'], organisationUuids: ['A', 'B'] };
const adviser = { uuid: 'v', roles: ['ROLE_CUSTOMER_NON_ADMIN'], organisationUuids: ['A'] };
const brook = { uuid: 'b', roles: ['ROLE_CUSTOMER_ADMIN'], organisationUuids: ['B'] };
const other = { uuid: 'o', roles: ['ROLE_CUSTOMER_NON_ADMIN'], organisationUuids: ['C'] };

describe('user administration rules', () => {
  it('when a super admin manages anyone but themselves, then it is allowed', () => {
    expect(canManageUser(admin, other)).toBe(true);
    expect(canManageUser(admin, manager)).toBe(true);
    expect(canManageUser(admin, admin)).toBe(false);
  });

  it('when a customer admin manages a user of their own firms only, then it is allowed', () => {
    expect(canManageUser(manager, adviser)).toBe(true);
    expect(canManageUser(manager, brook)).toBe(true);
    expect(canManageUser(brook, manager)).toBe(false); // manager also belongs to A
    expect(canManageUser(manager, other)).toBe(false);
    expect(canManageUser(manager, admin)).toBe(false);
  });

  it('when the first role is not an admin role, then nothing is allowed', () => {
    expect(canManageUser(adviser, { ...other, organisationUuids: ['A'] })).toBe(false);
    expect(canManageUser({ ...manager, roles: ['ROLE_CUSTOMER_NON_ADMIN', 'ROLE_ADMIN'] }, adviser)).toBe(false);
    expect(canInvite(adviser, 'ROLE_CUSTOMER_NON_ADMIN', ['A'])).toBe(false);
  });

  it('when a customer admin invites, then only non-super-admin roles in their own firms', () => {
    expect(canInvite(manager, 'ROLE_CUSTOMER_NON_ADMIN', ['A'])).toBe(true);
    expect(canInvite(manager, 'ROLE_CUSTOMER_ADMIN', ['A', 'B'])).toBe(true);
    expect(canInvite(manager, 'ROLE_ADMIN', ['A'])).toBe(false);
    expect(canInvite(manager, 'ROLE_CUSTOMER_NON_ADMIN', ['C'])).toBe(false);
    expect(canInvite(admin, 'ROLE_ADMIN', ['P'])).toBe(true);
    expect(canInvite(admin, 'ROLE_NOPE', ['P'])).toBe(false);
  });
});
