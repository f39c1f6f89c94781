import { ledgerChangedEvent } from '../events/ledger-events';
import { importJobType, type ImportDeps } from './import-deps';
import { masterImportJob } from './import-master-job';
import { preparePortfolios, PORTFOLIO_COLUMNS, splitOwners, type PreparedPortfolio } from './import-portfolio-rules';

export const IMPORT_PORTFOLIOS_JOB = importJobType('PORTFOLIOS');

/**
 * A portfolios file as a job (masterImportJob): each row checked by the portfolio form's rules, its owners this
 * organisation's clients by code. As the form's save does, a changed portfolio that has a ledger tells the tax
 * engine (ledger.changed, PORTFOLIO) for every owner before and after, from its first trade.
 */
export function importPortfoliosJob(deps: ImportDeps) {
  return masterImportJob<PreparedPortfolio>(deps, {
    type: IMPORT_PORTFOLIOS_JOB,
    columns: PORTFOLIO_COLUMNS,
    noun: ['portfolio', 'portfolios'],
    async prepare(d, task, rows) {
      const lookups = await d.master.portfolioLookups(
        task.organisationUuid,
        rows.map((r) => r.cells.code ?? ''),
        rows.flatMap((r) => splitOwners(r.cells.owners ?? '').map((o) => o.code)),
      );
      return preparePortfolios(rows, lookups);
    },
    isNew: (p) => p.existing === null,
    async write(d, tx, task, rows) {
      const organisationUuid = task.organisationUuid;
      await d.master.writePortfolios(tx, organisationUuid, rows, task.startedBy);
      const updated = rows.filter((p) => p.existing);
      const earliest = await d.master.earliestTradeDates(
        tx,
        organisationUuid,
        updated.map((p) => p.existing!.id),
      );
      const events = updated.flatMap((p) => {
        const earliestDate = earliest.get(p.existing!.id);
        if (!earliestDate) return [];
        const owners = new Set([...p.existing!.owners, ...p.portfolio.owners].map((o) => o.clientUuid));
        return [...owners].map((clientUuid) =>
          ledgerChangedEvent({ organisationUuid, clientUuid, earliestDate, reason: 'PORTFOLIO' }),
        );
      });
      await d.master.appendEvents(tx, events);
    },
  });
}
