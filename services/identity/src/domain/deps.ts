import type { Logger } from '@gains/logging';
import type { AuditStore } from '../store/audit-store';
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

/** Everything identity's use cases need; the clock is a dependency so rules stay testable. */
export interface IdentityDeps {
  users: UserStore;
  organisations: OrganisationStore;
  serviceLevels: ServiceLevelStore;
  sessions: SessionStore;
  passwordResets: PasswordResetStore;
  throttle: ThrottleStore;
  audit: AuditStore;
  mailbox: MailStore;
  mailer: Mailer;
  tokens: TokenIssuer;
  cipher: SecretCipher;
  logger: Logger;
  now: () => Date;
  /** Whether the development mailbox may be listed. */
  devMailbox: boolean;
}
