import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { CLIENT_SUMMARY_MONEY_FIELDS } from '@gains/contracts';
import { clients } from '@gains/proto';
import type { ClientSummary } from '../domain/client-summary';
import { listClientSummaries, type ListClientSummariesDeps } from '../domain/list-client-summaries';
import { listReferenceLists } from '../domain/reference-lists';
import { setIncomePending, type SetIncomePendingDeps } from '../domain/set-income-pending';
import { getCalculationStatus, type GetCalculationStatusDeps } from '../domain/get-calculation-status';
import type { ClientMaintenanceDeps } from '../domain/client-maintenance';
import { clientMaintenanceHandlers } from './client-maintenance-handlers';
import { getMiFigures } from '../domain/get-mi-figures';
import { listBatchClients, type ListBatchClientsDeps } from '../domain/list-batch-clients';
import type { MiStore } from '../store/mi-store';

type ProtoRow = { [K in keyof ClientSummary]: Exclude<ClientSummary[K], null> | undefined };

/** null (no figure yet) travels as an unset optional field; only the money fields can be null. */
function toProtoRow(row: ClientSummary): ProtoRow {
  const message: ProtoRow = { ...row } as ProtoRow;
  for (const field of CLIENT_SUMMARY_MONEY_FIELDS) if (message[field] === null) message[field] = undefined;
  if (message.lastCalculatedAt === null) message.lastCalculatedAt = undefined;
  return message;
}

export function createClientsService(
  deps: ListClientSummariesDeps &
    ClientMaintenanceDeps &
    GetCalculationStatusDeps &
    SetIncomePendingDeps &
    ListBatchClientsDeps & { mi: MiStore },
): ServiceImpl<typeof clients.ClientsService> {
  return {
    ...clientMaintenanceHandlers(deps),
    async listClientSummaries(req, ctx) {
      const page = await listClientSummaries(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        page: req.page,
        size: req.size,
        term: req.term,
        filter: req.filter,
        sort: req.sort.map((s) => ({ column: s.column, direction: s.direction })),
      });
      return {
        content: page.content.map(toProtoRow),
        totalSize: page.totalSize,
      };
    },
    async getCalculationStatus(req, ctx) {
      const answer = await getCalculationStatus(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        clientUuid: req.clientUuid,
      });
      return {
        ...answer,
        lastCalculatedAt: answer.lastCalculatedAt ?? undefined,
        ledgerVersion: answer.ledgerVersion ?? undefined,
        securities: answer.securities.map((s) => ({
          ...s,
          lastCalculationDateTime: s.lastCalculationDateTime ?? undefined,
        })),
      };
    },
    async setIncomePending(req, ctx) {
      return { changed: await setIncomePending(deps, requireCaller(ctx), req) };
    },
    async listReferenceLists(req, ctx) {
      return listReferenceLists(requireCaller(ctx), req.organisationUuid);
    },
    async listBatchClients(req, ctx) {
      return { clients: await listBatchClients(deps, requireCaller(ctx), req) };
    },
    async getMiFigures(req, ctx) {
      return getMiFigures(deps, requireCaller(ctx), { organisationUuid: req.organisationUuid, dates: req.dates });
    },
  };
}
