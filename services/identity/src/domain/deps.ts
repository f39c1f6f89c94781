import type { Logger } from '@gains/logging';
import type { AuditStore } from '../store/audit-store';
import type { InvitationStore } from '../store/invitation-store';
import type { MailStore } from '../store/mail-store';
import type { OrganisationStore } from '../store/organisation-store';
import type { PasswordResetStore } from '../store/password-reset-store';
import type { ServiceLevelStore } from '../store/service-level-store';
import type { SessionStore } from '../store/session-store';
import type { ThrottleStore } from '../store/throttle-store';
import type { UserStore } from '../store/user-store';
import type { SecretCipher } from './secret-cipher';
import type { TokenIssuer } from './token-issuer';

export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

/**
 * Work done after the call is answered (mail, and what depends on whether an account exists), so the
 * answer takes the same time and says the same thing either way. Same-key work runs in order.
 */
export interface AfterAnswer {
  run(key: string, name: string, task: () => Promise<void>): void;
}

/** Everything identity's use cases need; the clock is a dependency so rules stay testable. */
export interface IdentityDeps {
  users: UserStore;
  invitations: InvitationStore;
  organisations: OrganisationStore;
  serviceLevels: ServiceLevelStore;
  sessions: SessionStore;
  passwordResets: PasswordResetStore;
  throttle: ThrottleStore;
  audit: AuditStore;
  mailbox: MailStore;
  mailer: Mailer;
  afterAnswer: AfterAnswer;
  tokens: TokenIssuer;
  cipher: SecretCipher;
  logger: Logger;
  now: () => Date;
  /** Whether the development mailbox may be listed. */
  devMailbox: boolean;
  /** GAINS_SERVICE_TOKEN_SECRET: what a service shows to get its own token ("" = none issued). */
  serviceTokenSecret: string;
}
