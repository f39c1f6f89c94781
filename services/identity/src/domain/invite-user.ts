import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { EMAIL_MAX_LENGTH, isRole, isUuid } from '@gains/access';
import { DomainError, invalidArgument, permissionDenied } from '@gains/errors';
import type { UserRecord } from '../store/user-store';
import { ADMINS, assertRole } from './admin-access';
import type { IdentityDeps } from './deps';
import { hashPassword } from './password-hashing';
import { canInvite } from './user-admin-rules';
import { invitationSummary, summary, visibleTo, type UserSummary } from './user-summary';

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

const ALREADY_EXISTS = 'A user with this email address already exists';

/**
 * Creates a user who must choose a new password at first sign-in, and emails them a temporary one.
 * A customer admin may invite only into their own organisations and never a super admin.
 *
 * THE RULE FOR ADDRESSES THAT ALREADY HAVE AN ACCOUNT (README: Invitations). An administrator may
 * learn that an address has an account only when they can see that account anyway: a super admin
 * always, a customer admin when it shares one of their organisations (both get 409, as before). For
 * any other account (another firm's user, the provider's staff) the invitation must not tell a
 * customer admin that it exists, and must give them no hold on it: the answer is the 201 a new
 * address gets, with the invitee as they typed them, and an invitation is kept that their firm's list
 * and actions treat like a new invitee who has not signed in yet. The account is neither changed nor
 * joined to their organisations (that would let one firm add, disable or reset another firm's user,
 * and give that user a way into the inviting firm); its holder is told by mail instead, and access
 * to a second firm is the provider's to grant. Both paths do the same work on the answer's path (one
 * password hash, one insert) and mail after the answer, so they take the same time.
 */
export async function inviteUser(deps: IdentityDeps, caller: Caller, input: InviteUserInput): Promise<UserSummary> {
  const admin = await assertRole(deps, caller, ADMINS);
  const email = input.email?.trim().toLowerCase() ?? '';
  if (!email) throw invalidArgument('email', 'Email address is required');
  if (email.length > EMAIL_MAX_LENGTH) {
    throw invalidArgument('email', `Email address must be at most ${EMAIL_MAX_LENGTH} characters`);
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidArgument('email', 'Email address is not valid');
  const name = input.name?.trim() ?? '';
  if (!name) throw invalidArgument('name', 'Name is required');
  if (name.length > 200) throw invalidArgument('name', 'Name must be at most 200 characters');
  if (!isRole(input.role)) throw invalidArgument('role', 'Role is not a known role');
  const uuids = [...new Set(input.organisationUuids)];
  if (uuids.length === 0) throw invalidArgument('organisationUuids', 'At least one organisation is required');
  const notUuid = uuids.findIndex((u) => !isUuid(u));
  if (notUuid >= 0) throw invalidArgument(`organisationUuids.${notUuid}`, 'Each organisation must be a uuid');
  if (!canInvite(admin, input.role, uuids)) {
    throw permissionDenied('You may invite users only into your own organisations, and not as administrators');
  }
  const organisations = await deps.organisations.listByUuids(uuids);
  if (organisations.length !== uuids.length) throw invalidArgument('organisationUuids', 'Organisation was not found');

  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const existing = await deps.users.findByEmail(email);
  const visible = visibleTo(admin);
  let invited: UserSummary;
  if (existing && (!visible || existing.organisationUuids.some((o) => visible.includes(o)))) {
    throw new DomainError('ALREADY_EXISTS', ALREADY_EXISTS, 'email');
  } else if (existing) {
    // Another firm's account: an invitation stands for the invitee in the inviting firm.
    if (await deps.invitations.findInto(email, visible!))
      throw new DomainError('ALREADY_EXISTS', ALREADY_EXISTS, 'email');
    const invitation = await deps.invitations.insert({
      uuid: crypto.randomUUID(),
      email,
      name,
      role: input.role,
      organisationUuids: organisations.map((o) => o.uuid),
      invitedBy: admin.uuid,
    });
    deps.afterAnswer.run(email, 'invitation notice', () =>
      noticeToAccountHolder(
        deps,
        existing,
        admin,
        organisations.map((o) => o.name),
      ),
    );
    invited = invitationSummary(invitation, visible);
  } else {
    const user = await deps.users.insert({
      uuid: crypto.randomUUID(),
      email,
      name,
      roles: [input.role],
      passwordHash,
      status: 'NEW_PASSWORD_REQUIRED',
      organisationIds: organisations.map((o) => o.id),
    });
    deps.afterAnswer.run(email, 'invitation mail', () =>
      deps.mailer.send({
        to: email,
        subject: 'You have been invited to Gains',
        text:
          `Hello ${name},\n\n${admin.name} has invited you to Gains.\n\n` +
          `Sign in with this email address and the temporary password ${password}\n` +
          `You will be asked to choose a new password.\n`,
      }),
    );
    invited = summary(user, visible);
  }
  await deps.audit.insert({
    userUuid: admin.uuid,
    email: admin.email,
    action: 'USER_INVITED',
    outcome: 'SUCCEEDED',
    remoteAddr: input.remoteAddress,
    detail: `${email} as ${input.role}${existing ? ' (an existing account: invitation kept apart, account unchanged)' : ''}`,
  });
  return invited;
}

/** Tells the holder of an existing account that another firm invited their address; nothing changed. */
function noticeToAccountHolder(deps: IdentityDeps, user: UserRecord, admin: UserRecord, organisations: string[]) {
  return deps.mailer.send({
    to: user.email,
    subject: 'You have been invited to another organisation on Gains',
    text:
      `Hello ${user.name},\n\n${admin.name} invited this address to ${organisations.join(', ')} on Gains.\n\n` +
      `You already have a Gains account, so nothing has changed: it has not been added to ${organisations.length > 1 ? 'them' : 'it'}, ` +
      `and ${admin.name} cannot see it. If you need access, ask your Gains provider to add it to your account.\n` +
      `If you did not expect this, you can ignore this email.\n`,
  });
}
