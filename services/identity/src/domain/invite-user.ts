import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { isSuperAdmin, isRole } from '@gains/access';
import { invalidArgument, permissionDenied } from '@gains/errors';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { hashPassword } from './password-hashing';
import { canInvite } from './user-admin-rules';
import { summary, type UserSummary } from './user-summary';

/** A temporary password meeting the §5 rules, emailed to the invited user. */
function temporaryPassword(): string {
  const pick = (chars: string) => chars[crypto.randomInt(chars.length)]!;
  const body = Array.from({ length: 10 }, () => pick('abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789')).join(
    '',
  );
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
