// GET /api/organisations and /api/organisations/:uuid through the app: each caller's own organisations,
// every field of the answer, and no way into another firm's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, ORGANISATION_FIELDS, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(async () => t?.stop());

/** The demo organisations as the seed describes them (the provider at the top, three firms under it). */
const DEMO = {
  [ORG.GAINS]: { code: 'GAINS', name: 'Gains Provider', type: 'PROVIDER', mfaRequired: false },
  [ORG.ASHW]: { code: 'ASHW', name: 'Ashworth Wealth Management', type: 'FIRM', mfaRequired: false },
  [ORG.BRKF]: { code: 'BRKF', name: 'Brookfield Advisory', type: 'FIRM', mfaRequired: false },
  [ORG.CLVP]: { code: 'CLVP', name: 'Clevedon Partners', type: 'FIRM', mfaRequired: true },
};

const list = async (persona: Persona) => t.request('GET', '/api/organisations', { token: t.tokens[persona] });

describe('GET /api/organisations', () => {
  it('when each persona lists, then the provider admin gets every organisation and everyone else only their own, by code', async () => {
    const expected: Record<string, string[]> = {
      admin: ['ASHW', 'BRKF', 'CLVP', 'GAINS'],
      manager: ['ASHW', 'BRKF'],
      adviser: ['ASHW'],
      brook: ['BRKF'],
    };
    for (const [persona, codes] of Object.entries(expected)) {
      const answer = await list(persona as Persona);
      expect(answer.status, persona).toBe(200);
      expect(
        answer.body.map((o: { code: string }) => o.code),
        persona,
      ).toEqual(codes);
    }
  });

  it('when listed, then every organisation has every field, the provider no parent and each firm the provider’s id', async () => {
    const { body } = await list('admin');
    const provider = body.find((o: { uuid: string }) => o.uuid === ORG.GAINS);
    for (const organisation of body) {
      expect(Object.keys(organisation).sort()).toEqual(ORGANISATION_FIELDS);
      expect(organisation).toMatchObject({
        ...DEMO[organisation.uuid],
        serviceLevelId: null,
        ignoreBfLoss: false,
        notes: '',
        customer: null,
      });
      expect(organisation.id).toEqual(expect.any(Number));
      expect(organisation.parent).toBe(organisation.uuid === ORG.GAINS ? null : provider.id);
    }
    expect(new Set(body.map((o: { id: number }) => o.id)).size).toBe(4);
  });
});

describe('GET /api/organisations/:uuid', () => {
  it('when a member asks for their organisation, then the same organisation the list gives', async () => {
    const listed = (await list('manager')).body;
    for (const organisation of listed) {
      const answer = await t.request('GET', `/api/organisations/${organisation.uuid}`, { token: t.tokens.manager });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(organisation);
    }
    const clevedon = await t.request('GET', `/api/organisations/${ORG.CLVP}`, { token: t.tokens.admin });
    expect(clevedon.body).toMatchObject({ uuid: ORG.CLVP, ...DEMO[ORG.CLVP] });
  });

  it("when brook (BRKF only) asks for ASHW, or the adviser for BRKF, then 403 and nothing of the other firm's organisation", async () => {
    for (const [persona, uuid] of [
      ['brook', ORG.ASHW],
      ['adviser', ORG.BRKF],
      ['manager', ORG.CLVP],
      ['brook', ORG.GAINS],
    ] as const) {
      const answer = await t.request('GET', `/api/organisations/${uuid}`, { token: t.tokens[persona] });
      expectError(answer, 403, 'You are not a member of this organisation');
      expect(JSON.stringify(answer.body)).not.toContain(DEMO[uuid].name);
    }
  });

  it('when the organisation does not exist, then 404 naming the uuid for the provider admin, and 403 (not 404) for anyone else', async () => {
    const unknown = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a0000ff';
    expectError(
      await t.request('GET', `/api/organisations/${unknown}`, { token: t.tokens.admin }),
      404,
      'Organisation was not found',
      'uuid',
    );
    // A non-member learns nothing from the answer: an unknown uuid looks like another firm's.
    expectError(
      await t.request('GET', `/api/organisations/${unknown}`, { token: t.tokens.brook }),
      403,
      'You are not a member of this organisation',
    );
  });

  it('when not signed in, then 401 for the list and for one', async () => {
    expectError(await t.request('GET', '/api/organisations'), 401, 'Please sign in');
    expectError(await t.request('GET', `/api/organisations/${ORG.ASHW}`), 401, 'Please sign in');
  });
});
