import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { Caller } from '@gains/auth';
import type { securities } from '@gains/proto';
import type { PriceUpload } from '../domain/import-deps';
import type { SecuritiesSource } from '../domain/ledger-deps';

/**
 * The securities service as the ledger asks it: with the caller's own token, so it checks who is asking too.
 * A security it does not know is null; other failures (it is down, the caller may not ask) stay failures.
 */
export function createSecuritiesSource(
  client: Client<typeof securities.SecuritiesService>,
): SecuritiesSource & PriceUpload {
  const as = (caller: Caller) => ({ headers: { authorization: `Bearer ${caller.token}` } });
  return {
    async getSecurity(caller, organisationUuid, id) {
      try {
        const { security, latestPrice } = await client.getSecurity({ organisationUuid, id }, as(caller));
        if (!security) return null;
        return {
          security: {
            id: security.id,
            sedol: security.sedol,
            isin: security.isin,
            securityName: security.securityName,
            reportingName: security.reportingName,
            issuerName: security.issuerName,
            currency: security.currency,
            assetClass: security.assetClass,
            cgtClass: security.cgtClass,
            status: security.status,
            quantityDecimalPlaces: security.quantityDecimalPlaces,
          },
          price: latestPrice
            ? { securityId: security.id, date: latestPrice.date, priceGbp: latestPrice.priceGbp }
            : null,
        };
      } catch (error) {
        if (ConnectError.from(error).code === Code.NotFound) return null;
        throw error;
      }
    },
    async currencyKnown(caller, organisationUuid, isoCode) {
      const { currencies } = await client.listCurrencies({ organisationUuid }, as(caller));
      return currencies.some((c) => c.isoCode === isoCode);
    },
    async gbpPerUnit(caller, organisationUuid, isoCode, onOrBefore) {
      const { rates } = await client.listFxRates({ organisationUuid, currency: isoCode, to: onOrBefore }, as(caller));
      const latest = rates.filter((r) => r.date <= onOrBefore).sort((a, b) => (a.date < b.date ? 1 : -1))[0];
      return latest?.gbpPerUnit ?? null;
    },
    async uploadPrices(caller, organisationUuid, csv) {
      const answer = await client.uploadPrices({ organisationUuid, csv }, as(caller)).catch((error: unknown) => {
        throw new Error(ConnectError.from(error).rawMessage);
      });
      return {
        ok: answer.ok,
        lines: answer.lines,
        inserted: answer.inserted,
        updated: answer.updated,
        unchanged: answer.unchanged,
        problems: answer.problems.map((p) => ({ line: p.line, field: p.field, message: p.message })),
      };
    },
  };
}
