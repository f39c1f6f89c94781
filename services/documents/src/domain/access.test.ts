import type { Caller } from '@gains/auth';
import { describe, expect, it } from 'vitest';
import { assertDocumentsUserOrReports } from './access';

const ORG = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const caller = (fields: Partial<Caller>): Caller => ({
  userUuid: 'u1',
  email: 'u@example.com',
  name: 'U',
  roles: [],
  organisationUuids: [],
  sessionId: 's1',
  token: 't',
  ...fields,
});

describe('the CA reports readers', () => {
  it('when the reports service asks for an organisation, then it may read; any other service may not', () => {
    expect(() => assertDocumentsUserOrReports(caller({ service: 'reports' }), ORG)).not.toThrow();
    expect(() => assertDocumentsUserOrReports(caller({ service: 'documents' }), ORG)).toThrow(/may not read/);
    expect(() => assertDocumentsUserOrReports(caller({ service: 'reports' }), '')).toThrow(/organisation/);
  });

  it("when a user asks, then only the organisation's administrators may read", () => {
    const member = { organisationUuids: [ORG] };
    expect(() =>
      assertDocumentsUserOrReports(caller({ ...member, roles: ['ROLE_CUSTOMER_ADMIN'] }), ORG),
    ).not.toThrow();
    expect(() => assertDocumentsUserOrReports(caller({ ...member, roles: ['ROLE_CUSTOMER_NON_ADMIN'] }), ORG)).toThrow(
      /administrators/,
    );
    expect(() => assertDocumentsUserOrReports(caller({ roles: ['ROLE_CUSTOMER_ADMIN'] }), ORG)).toThrow(/not a member/);
  });
});
