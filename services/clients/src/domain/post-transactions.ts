import type { Caller } from '@gains/auth';
import { invalidArgument } from '@gains/errors';
import { ledgerChangedEvent } from '../events/ledger-events';
import { assertLedgerWriterOrDocuments } from './ledger-access';
import type { TransactionRecord } from './ledger';
import type { LedgerDeps } from './ledger-deps';
import { portfolioRefOf } from './portfolio-views';
import { prepareLedgerRow } from './prepare-ledger-row';
import { resolveSecurity } from './resolve-security';
import type { RawTransaction } from './transaction-rules';

/** Rows one call posts at most (a Taximiser plan sells from a portfolio's holdings: far fewer). */
export const MAX_POSTED_ROWS = 500;

/**
 * Posts many rows to a portfolio at once (a row may name another of the organisation's), all or nothing: every row is checked first (a refusal names the row,
 * `transactions.2.quantity`), then all are stored, the holdings they move re-derived and a ledger.changed (POST)
 * written for every owner of the portfolio, in one database transaction. The Taximiser saves a plan's sales this
 * way, as PENDING rows an adviser later settles.
 */
export async function postTransactions(
  deps: LedgerDeps,
  caller: Caller,
  request: {
    organisationUuid: string;
    portfolioUuid: string;
    /** a row's own portfolio ("" or absent: the request's): a Taximiser rebuy in an ISA or a spouse's account */
    transactions: { securityId: number; transaction: RawTransaction & { type: string }; portfolioUuid?: string }[];
    /** the uuids only, the rows not read back */
    uuidsOnly?: boolean;
  },
): Promise<{ uuids: string[]; records: TransactionRecord[] }> {
  const organisationUuid = request.organisationUuid;
  assertLedgerWriterOrDocuments(caller, organisationUuid);
  if (request.transactions.length === 0 || request.transactions.length > MAX_POSTED_ROWS)
    throw invalidArgument('transactions', `transactions must name from 1 to ${MAX_POSTED_ROWS} rows`);
  const looked = withLookupsRemembered(deps);
  const portfolios = new Map<string, Awaited<ReturnType<typeof portfolioRefOf>>>();
  const portfolioOf = async (uuid: string, field: string) => {
    const key = uuid.toLowerCase();
    let found = portfolios.get(key);
    if (!found) {
      found = await portfolioRefOf(deps, organisationUuid, uuid, field);
      portfolios.set(key, found);
    }
    return found;
  };
  // every portfolio named read at once (a corporate action's batch names hundreds); one not found is refused below
  const named = [request.portfolioUuid, ...request.transactions.map((t) => t.portfolioUuid ?? '')];
  const uuidsNamed = [...new Set(named.filter((u) => /^[0-9a-f-]{36}$/i.test(u)).map((u) => u.toLowerCase()))];
  for (const ref of await deps.portfolios.findRefs(organisationUuid, uuidsNamed))
    portfolios.set(ref.uuid.toLowerCase(), ref);
  await portfolioOf(request.portfolioUuid, 'portfolioUuid');
  const inserts = [];
  for (const [i, row] of request.transactions.entries()) {
    const at = `transactions.${i}`;
    const portfolio = row.portfolioUuid
      ? await portfolioOf(row.portfolioUuid, `${at}.portfolioUuid`)
      : await portfolioOf(request.portfolioUuid, 'portfolioUuid');
    const security = await resolveSecurity(looked, caller, organisationUuid, row.securityId, `${at}.securityId`);
    const { type, values } = await prepareLedgerRow(looked, caller, organisationUuid, {
      securityId: security.id,
      typeName: row.transaction.type,
      raw: row.transaction,
      at,
      typeMustBeActive: true,
    });
    inserts.push({
      portfolioId: portfolio.id,
      portfolioCode: portfolio.code,
      securityId: security.id,
      typeId: type.id,
      values,
    });
  }
  const uuids = await deps.ledger.apply({
    organisationUuid,
    actorName: caller.name,
    inserts,
    updates: [],
    events: (touched) => touched.map((t) => ledgerChangedEvent({ organisationUuid, ...t, reason: 'POST' })),
  });
  return { uuids, records: request.uuidsOnly ? [] : await deps.ledger.findByUuids(organisationUuid, uuids) };
}

/**
 * The deps with each transaction type and security looked up once for the call: a corporate action's batch posts
 * hundreds of rows of one type on one security.
 */
function withLookupsRemembered(deps: LedgerDeps): LedgerDeps {
  const remembered = <R>(look: (key: string) => Promise<R>) => {
    const seen = new Map<string, Promise<R>>();
    return (key: string) => {
      let found = seen.get(key);
      if (!found) seen.set(key, (found = look(key)));
      return found;
    };
  };
  const typeNamed = remembered((key) => deps.types.findByName(key.slice(0, 36), key.slice(37)));
  const securityOf = remembered((key) => deps.securities.findById(Number(key)));
  return {
    ...deps,
    types: Object.assign(Object.create(deps.types) as LedgerDeps['types'], {
      findByName: (organisationUuid: string, name: string) => typeNamed(`${organisationUuid}|${name}`),
    }),
    securities: Object.assign(Object.create(deps.securities) as LedgerDeps['securities'], {
      findById: (id: number) => securityOf(String(id)),
    }),
  };
}
