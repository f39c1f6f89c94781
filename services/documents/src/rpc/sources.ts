import { Code, ConnectError, createClient, type Transport } from '@connectrpc/connect';
import type { Caller } from '@gains/auth';
import { clients, identity, ledger, securities } from '@gains/proto';
import type { DocumentsDeps } from '../domain/deps';

const as = (caller: Caller) => ({ headers: { authorization: `Bearer ${caller.token}` } });
const orNull = <T>(error: unknown): T | null => {
  const code = ConnectError.from(error).code;
  if (code === Code.NotFound || code === Code.InvalidArgument) return null;
  throw error;
};

/**
 * What the documents service asks of its neighbours, always with the caller's own token (they check who is asking
 * too): securities for a header's security, clients for a movement's portfolio, identity for the firm's name.
 */
export function createSources(transports: {
  securities: Transport;
  clients: Transport;
  identity: Transport;
}): Pick<DocumentsDeps, 'security' | 'portfolio' | 'organisationName' | 'searchClients' | 'clientPortfolios'> {
  const securitiesClient = createClient(securities.SecuritiesService, transports.securities);
  const ledgerClient = createClient(ledger.LedgerService, transports.clients);
  const identityClient = createClient(identity.IdentityService, transports.identity);
  const clientsClient = createClient(clients.ClientsService, transports.clients);
  return {
    async security(caller, organisationUuid, id) {
      try {
        const { security } = await securitiesClient.getSecurity({ organisationUuid, id }, as(caller));
        return security
          ? {
              id: security.id,
              sedol: security.sedol,
              isin: security.isin,
              securityName: security.securityName,
              quantityDecimalPlaces: security.quantityDecimalPlaces,
            }
          : null;
      } catch (error) {
        return orNull(error);
      }
    },
    async portfolio(caller, organisationUuid, clientUuid, portfolioUuid) {
      try {
        const p = await ledgerClient.getPortfolio({ organisationUuid, uuid: portfolioUuid }, as(caller));
        const owner = p.owners.find((o) => o.clientUuid.toLowerCase() === clientUuid.toLowerCase());
        if (!owner) return null;
        return {
          clientUuid: owner.clientUuid.toLowerCase(),
          clientCode: owner.clientCode,
          clientName: owner.clientName,
          portfolioUuid: p.uuid.toLowerCase(),
          portfolioCode: p.code,
          portfolioName: p.name,
        };
      } catch (error) {
        return orNull(error);
      }
    },
    async searchClients(caller, organisationUuid, term, limit) {
      const { content } = await clientsClient.listClients(
        { organisationUuid, term, page: 1, size: limit, sort: [] },
        as(caller),
      );
      return content.map((c) => ({ uuid: c.uuid.toLowerCase(), code: c.code, name: c.name }));
    },
    async clientPortfolios(caller, organisationUuid, clientUuid) {
      try {
        const { portfolios } = await ledgerClient.listPortfolios({ organisationUuid, ids: [clientUuid] }, as(caller));
        return portfolios.map((p) => ({
          uuid: p.uuid.toLowerCase(),
          code: p.code,
          name: p.name,
          clientUuid: p.clientUuid.toLowerCase(),
          taxWrapper: p.taxWrapper,
        }));
      } catch (error) {
        return orNull(error) ?? [];
      }
    },
    async organisationName(caller, organisationUuid) {
      const { organisation } = await identityClient.getOrganisation({ uuid: organisationUuid }, as(caller));
      return organisation?.name ?? '';
    },
  };
}
