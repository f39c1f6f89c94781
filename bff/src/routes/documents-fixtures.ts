// What the documents tests share: a security of the test's own, bought into portfolios, and a header followed
// until its job is done.
import { isinFromSedol, withSedolCheckDigit } from '../../../services/securities/src/domain/security-codes';
import { ORG, type Persona, type TestSystem } from '../test-support';

/** A new GBP equity of the test's own (SEDOL stem of 6 characters); answers its id. */
export async function newSecurity(t: TestSystem, sedolStem: string, name: string): Promise<number> {
  const issuer = (
    await t.request('POST', '/api/admin/securities/issuers', {
      token: t.tokens.admin,
      org: ORG.ASHW,
      body: { name: `${name} Holdings` },
    })
  ).body.value.uuid;
  const sedol = withSedolCheckDigit(sedolStem);
  return (
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
  ).body.value.id as number;
}

/** A settled BUY of `quantity` at `price` on `tradeDate`; answers the call's status. */
export async function buy(
  t: TestSystem,
  who: { persona: Persona; org: string },
  portfolioUuid: string,
  securityId: number,
  trade: { quantity: string; price: string; tradeDate: string },
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
