import { describe, expect, it } from 'vitest';
import { assertMemberOrService, type Caller } from './caller';

const ORG = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const OTHER = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003';
const user = (roles: string[], orgs: string[]): Caller => ({
  userUuid: 'u',
  email: 'u@gains.example',
  name: 'U',
  roles,
  organisationUuids: orgs,
  sessionId: 's',
  token: 't',
});
const service = (name: string): Caller => ({ ...user([], []), service: name });

describe('assertMemberOrService', () => {
  it('when a member with a role reads, then it passes; another firm or no role is refused', () => {
    expect(() => assertMemberOrService(user(['ROLE_CUSTOMER_NON_ADMIN'], [ORG]), ORG, ['reports'])).not.toThrow();
    expect(() => assertMemberOrService(user(['ROLE_CUSTOMER_NON_ADMIN'], [ORG]), OTHER, ['reports'])).toThrow(
      /not a member/,
    );
    expect(() => assertMemberOrService(user([], [ORG]), ORG, ['reports'])).toThrow(/permission/);
  });

  it('when a named service reads for an organisation, then it passes; another service or no organisation is refused', () => {
    expect(() => assertMemberOrService(service('reports'), ORG, ['reports'])).not.toThrow();
    expect(() => assertMemberOrService(service('documents'), ORG, ['reports'])).toThrow(/This service may not/);
    expect(() => assertMemberOrService(service('reports'), '', ['reports'])).toThrow(/organisation must be selected/);
  });
});
