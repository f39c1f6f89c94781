import { describe, expect, it } from 'vitest';
import type { Caller } from '@gains/auth';
import { setIncomePending } from './set-income-pending';

const ORG = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';
const CLIENT = '1c9d2e3f-4a5b-4c6d-8e7f-000000000001';
const caller = (over: Partial<Caller>): Caller => ({
  userUuid: '',
  email: '',
  name: '',
  roles: [],
  organisationUuids: [],
  sessionId: '',
  token: '',
  ...over,
});
/** What the store was asked: the refusals below must never reach it. */
function store() {
  const asked: [string, string[]][] = [];
  return {
    asked,
    deps: { clients: { setIncomePending: async (org: string, uuids: string[]) => (asked.push([org, uuids]), 1) } },
  };
}

describe('SetIncomePending', () => {
  it('when the documents service names clients, then the store sets them for that organisation', async () => {
    const s = store();
    expect(
      await setIncomePending(s.deps, caller({ service: 'documents' }), {
        organisationUuid: ORG,
        clientUuids: [CLIENT.toUpperCase()],
      }),
    ).toBe(1);
    expect(s.asked).toEqual([[ORG, [CLIENT]]]);
  });

  it('when a user (even an admin of the firm) or another service asks, then it is refused and nothing is set', async () => {
    const s = store();
    const admin = caller({ roles: ['ROLE_CUSTOMER_ADMIN'], organisationUuids: [ORG] });
    for (const who of [admin, caller({ service: 'tax-engine' })])
      await expect(
        setIncomePending(s.deps, who, { organisationUuid: ORG, clientUuids: [CLIENT] }),
      ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(
      setIncomePending(s.deps, caller({ service: 'documents' }), { organisationUuid: ORG, clientUuids: ['x'] }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', field: 'clientUuids.0' });
    expect(s.asked).toEqual([]);
  });
});
