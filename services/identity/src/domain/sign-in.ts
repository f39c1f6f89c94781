import crypto from 'node:crypto';
import { DomainError, invalidArgument } from '@gains/errors';
import type { IdentityDeps } from './deps';
import { verifyPassword } from './password-hashing';
import { ACCESS_TOKEN_SECONDS } from './token-issuer';

export const SESSION_SECONDS = 12 * 60 * 60;
const BAD_CREDENTIALS = 'Incorrect username or password.';

export interface SignInInput {
  email: string;
  password: string;
  remoteAddress: string;
}

export type SignInResult = { state: 'AUTHENTICATED'; accessToken: string; expiresIn: number };

export async function signIn(deps: IdentityDeps, input: SignInInput): Promise<SignInResult> {
  if (!input.email.trim()) throw invalidArgument('email', 'Email address is required');
  if (!input.password) throw invalidArgument('password', 'Password is required');

  const user = await deps.users.findByEmail(input.email);
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : false;
  if (!user || !passwordOk || user.status === 'DISABLED') {
    await deps.audit.insert({
      userUuid: user?.uuid,
      email: input.email,
      action: 'SIGN_IN',
      outcome: 'FAILED',
      remoteAddr: input.remoteAddress,
      detail: !user ? 'unknown user' : user.status === 'DISABLED' ? 'disabled' : 'wrong password',
    });
    throw new DomainError('UNAUTHENTICATED', BAD_CREDENTIALS, 'password');
  }

  const now = deps.now();
  const sessionId = crypto.randomUUID();
  await deps.sessions.insert({
    id: sessionId,
    userId: user.id,
    expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000),
    remoteAddr: input.remoteAddress,
  });
  const accessToken = await deps.tokens.issueAccessToken(
    {
      userUuid: user.uuid,
      email: user.email,
      name: user.name,
      roles: user.roles,
      organisationUuids: user.organisationUuids,
      sessionId,
    },
    now,
  );
  await deps.audit.insert({ userUuid: user.uuid, email: user.email, action: 'SIGN_IN', outcome: 'SUCCEEDED', remoteAddr: input.remoteAddress });
  return { state: 'AUTHENTICATED', accessToken, expiresIn: ACCESS_TOKEN_SECONDS };
}
