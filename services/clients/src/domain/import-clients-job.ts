import { importJobType, type ImportDeps } from './import-deps';
import { CLIENT_COLUMNS, prepareClients, type PreparedClient } from './import-client-rules';
import { masterImportJob } from './import-master-job';

export const IMPORT_CLIENTS_JOB = importJobType('CLIENTS');

/**
 * A clients file as a job (masterImportJob): each row checked by client maintenance's rules over the stored client
 * of its code; new codes created, changed clients updated, identical ones skipped. Clients carry no ledger, so a
 * write raises no ledger.changed (client maintenance raises one only for tax overrides, which a file never holds).
 */
export function importClientsJob(deps: ImportDeps) {
  return masterImportJob<PreparedClient>(deps, {
    type: IMPORT_CLIENTS_JOB,
    columns: CLIENT_COLUMNS,
    noun: ['client', 'clients'],
    async prepare(d, task, rows) {
      const existing = await d.master.clientsByCode(
        task.organisationUuid,
        rows.map((r) => r.cells.code ?? ''),
      );
      return prepareClients(rows, existing, d.today());
    },
    isNew: (p) => p.existingId === null,
    write: (d, tx, task, rows) => d.master.writeClients(tx, task.organisationUuid, rows, task.startedBy),
  });
}
