// What the documents tests share: a security of the test's own, bought into portfolios, and a header followed
// until its job is done.
import { isinFromSedol, withSedolCheckDigit } from '../../../services/securities/src/domain/security-codes';
import { expect } from 'vitest';
import { ORG, type Answer, type Persona, type TestSystem } from '../test-support';

/** A new GBP equity of the test's own ("<name> plc", SEDOL stem of 6 characters); answers its id and SEDOL. */
export async function newSecurity(
  t: TestSystem,
  sedolStem: string,
  name: string,
): Promise<{ id: number; sedol: string }> {
  const issuer = (
    await t.request('POST', '/api/admin/securities/issuers', {
      token: t.tokens.admin,
      org: ORG.ASHW,
      body: { name: `${name} Holdings` },
    })
  ).body.value.uuid;
  const sedol = withSedolCheckDigit(sedolStem);
  const created = (
    await t.request('POST', '/api/admin/securities', {
      token: t.tokens.admin,
      org: ORG.ASHW,
      body: {
        sedol,
        isin: isinFromSedol('GB', sedol),
        issuer,
        securityName: `${name} plc`,
        reportingName: name,
        currency: 'GBP',
        assetClass: 'EQUITY',
      },
    })
  ).body;
  if (!created.value) throw new Error(`the security ${sedol} was refused: ${JSON.stringify(created)}`);
  return { id: created.value.id as number, sedol };
}

/** A new LIVE individual client of the organisation with one GIA portfolio per code; answers their uuids. */
export async function newClient(
  t: TestSystem,
  who: { persona: Persona; org: string },
  code: string,
  name: string,
  portfolioCodes: readonly string[] = [`${code}-GIA`],
): Promise<{ uuid: string; portfolios: string[] }> {
  const as = (body: unknown) => ({ token: t.tokens[who.persona], org: who.org, body });
  const uuid = (
    await t.request('POST', '/api/admin/clients', as({ code, name, typeCode: 'INDIVIDUAL', stateCode: 'LIVE' }))
  ).body.uuid as string;
  const portfolios: string[] = [];
  for (const portfolioCode of portfolioCodes)
    portfolios.push(
      (
        await t.request(
          'POST',
          '/api/admin/portfolios',
          as({
            code: portfolioCode,
            name: `${name} ${portfolioCode}`,
            taxWrapper: 'GIA',
            owners: [{ clientUuid: uuid, percentage: '100' }],
          }),
        )
      ).body.uuid as string,
    );
  return { uuid, portfolios };
}

/** A settled BUY (or the `type` given) of `quantity` at `price` on `tradeDate`; answers the call's status. */
export async function buy(
  t: TestSystem,
  who: { persona: Persona; org: string },
  portfolioUuid: string,
  securityId: number,
  trade: { quantity: string; price: string; tradeDate: string; type?: 'BUY' | 'SELL' },
): Promise<number> {
  const answer = await t.request('POST', '/api/customerAdmin/transactions', {
    token: t.tokens[who.persona],
    org: who.org,
    body: {
      portfolioUuid,
      securityId,
      transaction: { type: 'BUY', ...trade, expenses: '0', currency: 'GBP' },
    },
  });
  return answer.status;
}

/** The header once its job is done: any status but the job's in-progress one (or a minute passed). */
export async function settledHeader(
  t: TestSystem,
  uuid: string,
  inProgress = 'CREATING_CANDIDATES',
  who: { persona: Persona; org: string } = { persona: 'manager', org: ORG.ASHW },
) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const header = (
      await t.request('GET', `/api/admin/documents/headers/${uuid}`, { token: t.tokens[who.persona], org: who.org })
    ).body;
    if (header.status !== inProgress || Date.now() > deadline) return header;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A cash dividend of `rate` a share on the security, ex 1 September and paid 15 September 2026, saved as the
 * manager of Ashworth: answers the save's answer (201 and the header, its candidates job started).
 */
export async function cashDividendHeader(t: TestSystem, securityId: number, rate: string) {
  const as = { token: t.tokens.manager, org: ORG.ASHW };
  const types = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=CA', as)).body as {
    code: string;
    uuid: string;
    lineDefinitions: { uuid: string }[];
  }[];
  const dividend = types.find((x) => x.code === 'CASH_DIVIDEND')!;
  const layer = (await t.request('GET', `/api/admin/documents/layers/${securityId}`, as)).body[0].uuid;
  return t.request('POST', '/api/admin/documents/headers', {
    ...as,
    body: {
      typeUuid: dividend.uuid,
      securityId,
      exDate: '2026-09-01',
      payDate: '2026-09-15',
      layerUuid: layer,
      lines: [{ lineDefinitionUuid: dividend.lineDefinitions[0]!.uuid, rate }],
    },
  });
}

/** The manager of Ashworth's GET and POST under /api, each answer's status checked (200 unless said) and its body answered. */
export function managerCalls(t: TestSystem) {
  const as = (body?: unknown) => ({ token: t.tokens.manager, org: ORG.ASHW, body });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answers' fields freely
  const ok = (answer: Answer, status = 200): any => {
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(status);
    return answer.body;
  };
  return {
    get: async (path: string) => ok(await t.request('GET', `/api${path}`, as())),
    post: async (path: string, body?: unknown, status = 200) =>
      ok(await t.request('POST', `/api${path}`, as(body)), status),
  };
}

/** Polls until `probe` answers a value, for at most `ms`. */
export async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
