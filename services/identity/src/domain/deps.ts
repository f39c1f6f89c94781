import type { Logger } from '@gains/logging';
import type { AuditStore } from '../store/audit-store';
import type { OrganisationStore } from '../store/organisation-store';
import type { SessionStore } from '../store/session-store';
import type { UserStore } from '../store/user-store';
import type { TokenIssuer } from './token-issuer';

/** Everything identity's use cases need; the clock is a dependency so rules stay testable. */
export interface IdentityDeps {
  users: UserStore;
  organisations: OrganisationStore;
  sessions: SessionStore;
  audit: AuditStore;
  tokens: TokenIssuer;
  logger: Logger;
  now: () => Date;
}
