import { Code, ConnectError, createClient, type CallOptions, type Transport } from '@connectrpc/connect';
import type { Holding, LedgerCalculation, TaxYear } from '@gains/contracts';
import { DomainError } from '@gains/errors';
import { clientAddressLines } from '@gains/pdf';
import { calculations, clients, documents, identity, ledger, securities } from '@gains/proto';
import type { CaFilters, ReportSources, StoredYear } from '../domain/report-sources';
import { createLedgerReportSources, createPriceReportSources } from './ledger-report-sources';

/** How long a report waits for a client's first calculation. */
const FIRST_CALCULATION_WAIT_MS = 30_000;
/** Disposals a GetRun page carries (the engine's most). */
const DISPOSALS_PAGE = 5000;
/** The documents service answers at most this many portfolios a call. */
const ACTIONS_PORTFOLIOS = 200;
/** Rows a page of the CA reports asks of the documents service: few round trips, bounded memory per call. */
const CA_PAGE_ROWS = 1000;
/** A firm's name is read once a minute at most (a batch reads it for every client). */
const FIRM_NAME_MS = 60_000;

/**
 * The figures the report kinds read, from the services that own them, as the reports service itself (its own
 * token): each callee accepts it for these reads and scopes them by the organisation named.
 */
export function createReportSources(
  transports: {
    identity: Transport;
    clients: Transport;
    'tax-engine': Transport;
    securities: Transport;
    documents: Transport;
  },
  asService: () => Promise<CallOptions>,
): ReportSources {
  const identityClient = createClient(identity.IdentityService, transports.identity);
  const clientsClient = createClient(clients.ClientsService, transports.clients);
  const calculationsClient = createClient(calculations.CalculationsService, transports['tax-engine']);
  const documentsClient = createClient(documents.DocumentsService, transports.documents);

  async function storedYear(organisationUuid: string, clientUuid: string, taxYear: string): Promise<StoredYear> {
    const scope = { organisationUuid, clientUuid };
    const latest = async () => (await calculationsClient.getCalculationStatus(scope, await asService())).latestRun;
    let run = await latest();
    if (!run) {
      // never computed yet (a firm just loaded): the client is worked out now, ahead of any background work
      await calculationsClient.recalculate(scope, await asService());
      for (const until = Date.now() + FIRST_CALCULATION_WAIT_MS; !run && Date.now() < until;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        run = await latest();
      }
    }
    if (!run || run.status === 'FAILED') {
      throw new DomainError(
        'FAILED_PRECONDITION',
        run
          ? 'The client’s calculation failed: see Calculation Failures'
          : 'The client has no calculation to report yet',
        'clientUuid',
      );
    }
    const load = async (page: number, size: number) => {
      const answer = await calculationsClient.getRun(
        { organisationUuid, id: run.id, disposalsPage: page, disposalsPageSize: size },
        await asService(),
      );
      return JSON.parse(answer.ledgerCalculationJson) as LedgerCalculation;
    };
    // Most clients' disposals fit one page: the first is read whole, and the year's taken from it when it holds them.
    const first = await load(1, DISPOSALS_PAGE);
    const years = first.computation.taxYears;
    const at = years.findIndex((y) => y.taxYear === taxYear);
    // a year the engine has nothing in (no disposal, no gain): reported as such
    if (at < 0) return { computedAt: run.finishedAt };
    // The year's disposals follow those of the years before it, in order over the whole run.
    const before = years.slice(0, at).reduce((sum, y) => sum + y.numberOfDisposals, 0);
    const inYear = years[at]!.numberOfDisposals;
    const disposals: TaxYear['disposals'] = [];
    for (let page = Math.floor(before / DISPOSALS_PAGE) + 1; disposals.length < inYear; page++) {
      const part = page === 1 ? first : await load(page, DISPOSALS_PAGE);
      const found = part.computation.taxYears.find((y) => y.taxYear === taxYear);
      disposals.push(...(found?.disposals ?? []));
      if (page * DISPOSALS_PAGE >= part.disposalsPage.total) break;
    }
    return { year: { ...years[at]!, disposals } satisfies TaxYear, computedAt: run.finishedAt };
  }

  const exportRequest = (organisationUuid: string, f: CaFilters, cursor: string) => ({
    organisationUuid,
    documentTypeCode: f.documentTypeCode,
    typeUuid: f.typeUuid,
    status: f.status,
    securityId: f.securityId,
    layerUuid: f.layerUuid,
    searchDateType: f.searchDateType,
    from: f.from,
    to: f.to,
    cursor,
    limit: CA_PAGE_ROWS,
  });

  const firmNames = new Map<string, { name: Promise<string>; until: number }>();
  return {
    organisationName(organisationUuid) {
      const known = firmNames.get(organisationUuid);
      if (known && known.until > Date.now()) return known.name;
      const name = (async () =>
        (await identityClient.getOrganisation({ uuid: organisationUuid }, await asService())).organisation?.name ??
        '')();
      // a failed read is not kept
      name.catch(() => firmNames.delete(organisationUuid));
      firmNames.set(organisationUuid, { name, until: Date.now() + FIRM_NAME_MS });
      return name;
    },
    async client(organisationUuid, clientUuid) {
      const c = await clientsClient.getClient({ organisationUuid, id: 0, uuid: clientUuid }, await asService());
      return {
        uuid: c.uuid,
        code: c.code,
        name: c.name,
        address: clientAddressLines(c.addresses),
        reportingRestrictionFrom: c.reportingRestrictionFrom ? c.reportingRestrictionFrom.slice(0, 10) : null,
      };
    },
    async taxYears(organisationUuid, clientUuid) {
      const answer = await clientsClient.listClientTaxYears({ organisationUuid, clientUuid }, await asService());
      return answer.taxYears.map((y) => ({ uuid: y.uuid, label: y.label, startDate: y.startDate, endDate: y.endDate }));
    },
    storedYear,
    async poolsAt(organisationUuid, clientUuid, atDate) {
      const answer = await calculationsClient.getPoolsAt({ organisationUuid, clientUuid, atDate }, await asService());
      return JSON.parse(answer.holdingsJson) as Holding[];
    },
    async portfolioActions(organisationUuid, portfolioUuids, atDate, securityId) {
      const found = [];
      for (let i = 0; i < portfolioUuids.length; i += ACTIONS_PORTFOLIOS) {
        const answer = await documentsClient.listPortfolioActions(
          { organisationUuid, portfolioUuids: portfolioUuids.slice(i, i + ACTIONS_PORTFOLIOS), atDate, securityId },
          await asService(),
        );
        found.push(
          ...answer.actions.map((a) => ({
            portfolioUuid: a.portfolioUuid,
            securityId: a.securityId,
            headerCode: a.headerCode,
            typeName: a.typeName,
            headerStatus: a.headerStatus,
            exDate: a.exDate,
            payDate: a.payDate,
            holdingQuantity: a.holdingQuantity,
            candidateStatus: a.candidateStatus,
            proposedQuantity: a.proposedQuantity,
            proposedCash: a.proposedCash,
            ratio: a.ratio,
          })),
        );
      }
      return found;
    },
    async calculationFailures(organisationUuid, clientUuid, runId) {
      let id = runId;
      if (!id) {
        const status = await calculationsClient.getCalculationStatus(
          { organisationUuid, clientUuid },
          await asService(),
        );
        if (!status.latestRun)
          throw new DomainError('NOT_FOUND', 'The client has not been calculated yet', 'clientUuid');
        id = status.latestRun.id;
      }
      const notTheClients = () => new DomainError('NOT_FOUND', "The run is not this client's", 'runId');
      // the run's figures whole but for its disposals, of which one page of one is enough here
      const answer = await calculationsClient
        .getRun({ organisationUuid, id, disposalsPage: 1, disposalsPageSize: 1 }, await asService())
        .catch((error: unknown) => {
          throw ConnectError.from(error).code === Code.NotFound ? notTheClients() : error;
        });
      const run = answer.run;
      if (!run || run.clientUuid !== clientUuid) throw notTheClients();
      const calculation = answer.ledgerCalculationJson
        ? (JSON.parse(answer.ledgerCalculationJson) as LedgerCalculation)
        : null;
      return {
        runId: run.id,
        status: run.status,
        startedAt: run.startedAt,
        failures: calculation
          ? calculation.computation.failures.map((f) => ({
              security: f.security,
              date: f.date,
              ref: f.ref ?? '',
              message: f.message,
            }))
          : // nothing computed: the run's own message is the one failure
            [{ security: '', date: run.startedAt.slice(0, 10), ref: '', message: run.message }],
      };
    },
    async caHeaders(organisationUuid, filters, cursor) {
      const answer = await documentsClient.exportHeaders(
        exportRequest(organisationUuid, filters, cursor),
        await asService(),
      );
      return { rows: answer.content, nextCursor: answer.nextCursor };
    },
    async caCandidates(organisationUuid, filters, cursor) {
      const answer = await documentsClient.exportCandidates(
        exportRequest(organisationUuid, filters, cursor),
        await asService(),
      );
      return { rows: answer.content, nextCursor: answer.nextCursor };
    },
    ...createLedgerReportSources(createClient(ledger.LedgerService, transports.clients), asService),
    ...createPriceReportSources(createClient(securities.SecuritiesService, transports.securities), asService),
  };
}
