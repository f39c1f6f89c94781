import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { isSuperAdmin, isRole } from '@gains/access';
import { invalidArgument, notFound, permissionDenied } from '@gains/errors';
import type { UserRecord } from '../store/user-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { hashPassword } from './password-hashing';
import { canInvite, canManageUser } from './user-admin-rules';

export interface UserSummary {
  uuid: string;
  email: string;
  name: string;
  roles: string[];
  organisationUuids: string[];
  status: string;
  mfaEnabled: boolean;
  createdAt: Date;
}

/** What an administrator sees of a user: a customer admin only the memberships they share. */
function summary(user: UserRecord, visibleOrganisations?: readonly string[]): UserSummary {
  return {
    uuid: user.uuid,
    email: user.email,
    name: user.name,
    roles: user.roles,
    organisationUuids: visibleOrganisations
      ? user.organisationUuids.filter((o) => visibleOrganisations.includes(o))
      : user.organisationUuids,
    status: user.status,
    mfaEnabled: !!user.mfaSecret,
    createdAt: user.createdAt,
  };
}

export async function listUsers(
  deps: IdentityDeps,
  caller: Caller,
  input: { page: number; size: number; term: string },
): Promise<{ content: UserSummary[]; totalSize: number }> {
  const admin = await assertRole(deps, caller, ADMINS);
  const scope = isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids;
  const page = await deps.users.listPage({ ...input, organisationUuids: scope });
  return { content: page.content.map((u) => summary(u, scope)), totalSize: page.totalSize };
}

/** A temporary password meeting the §5 rules, emailed to the invited user. */
function temporaryPassword(): string {
  const pick = (chars: string) => chars[crypto.randomInt(chars.length)]!;
  const body = Array.from({ length: 10 }, () => pick('abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789')).join('');
  return `${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnopqrstuvwxyz')}${pick('23456789')}${pick('!#%+-=?@')}${body}`;
}

export interface InviteUserInput {
  email: string;
  name: string;
  role: string;
  organisationUuids: string[];
  remoteAddress: string;
}

/**
 * Creates a user who must choose a new password at first sign-in, and emails them a temporary one.
 * A customer admin may invite only into their own organisations and never a super admin.
 */
export async function inviteUser(deps: IdentityDeps, caller: Caller, input: InviteUserInput): Promise<UserSummary> {
  const admin = await assertRole(deps, caller, ADMINS);
  const email = input.email?.trim().toLowerCase() ?? '';
  if (!email) throw invalidArgument('email', 'Email address is required');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidArgument('email', 'Email address is not valid');
  const name = input.name?.trim() ?? '';
  if (!name) throw invalidArgument('name', 'Name is required');
  if (!isRole(input.role)) throw invalidArgument('role', 'Role is not a known role');
  const uuids = [...new Set(input.organisationUuids)];
  if (uuids.length === 0) throw invalidArgument('organisationUuids', 'At least one organisation is required');
  if (!canInvite(admin, input.role, uuids)) {
    throw permissionDenied('You may invite users only into your own organisations, and not as administrators');
  }
  const organisations = await deps.organisations.listByUuids(uuids);
  if (organisations.length !== uuids.length) throw invalidArgument('organisationUuids', 'Organisation was not found');

  const password = temporaryPassword();
  const user = await deps.users.insert({
    uuid: crypto.randomUUID(),
    email,
    name,
    roles: [input.role],
    passwordHash: await hashPassword(password),
    status: 'NEW_PASSWORD_REQUIRED',
    organisationIds: organisations.map((o) => o.id),
  });
  await deps.mailer.send({
    to: email,
    subject: 'You have been invited to Gains',
    text:
      `Hello ${name},\n\n${admin.name} has invited you to Gains.\n\n` +
      `Sign in with this email address and the temporary password ${password}\n` +
      `You will be asked to choose a new password.\n`,
  });
  await deps.audit.insert({
    userUuid: admin.uuid,
    email: admin.email,
    action: 'USER_INVITED',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: `${email} as ${input.role}`,
  });
  return summary(user, isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids);
}

async function managedUser(deps: IdentityDeps, caller: Caller, uuid: string) {
  const admin = await assertRole(deps, caller, ADMINS);
  const target = await deps.users.findByUuid(uuid);
  if (!target) throw notFound('User', 'uuid');
  if (!canManageUser(admin, target)) throw permissionDenied('You may not manage this user');
  return { admin, target };
}

/** Clears a user's authenticator: they set it up again at next sign-in if their firm requires it. */
export async function resetUserMfa(deps: IdentityDeps, caller: Caller, uuid: string, remoteAddress: string): Promise<UserSummary> {
  const { admin, target } = await managedUser(deps, caller, uuid);
  await deps.users.clearMfa(target.id);
  await deps.audit.insert({
    userUuid: target.uuid,
    email: target.email,
    action: 'MFA_RESET',
    outcome: 'SUCCEEDED',
    remoteAddr: remoteAddress,
    detail: `by ${admin.email}`,
  });
  const updated = (await deps.users.findById(target.id))!;
  return summary(updated, isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids);
}

/** Disables (every session revoked at once) or re-enables a user. */
export async function setUserDisabled(
  deps: IdentityDeps,
  caller: Caller,
  input: { uuid: string; disabled: boolean; remoteAddress: string },
): Promise<UserSummary> {
  const { admin, target } = await managedUser(deps, caller, input.uuid);
  if (input.disabled) {
    await deps.users.setStatus(target.id, 'DISABLED');
    await deps.sessions.revokeAllOfUser(target.id, deps.now());
  } else if (target.status === 'DISABLED') {
    await deps.users.setStatus(target.id, 'ACTIVE');
  }
  await deps.audit.insert({
    userUuid: target.uuid,
    email: target.email,
    action: input.disabled ? 'USER_DISABLED' : 'USER_ENABLED',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: `by ${admin.email}`,
  });
  const updated = (await deps.users.findById(target.id))!;
  return summary(updated, isSuperAdmin(admin.roles) ? undefined : admin.organisationUuids);
}
