import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { clients } from '@gains/proto';
import { listClientSummaries, type ListClientSummariesDeps } from '../domain/list-client-summaries';
import { listReferenceLists } from '../domain/reference-lists';
import type { ClientMaintenanceDeps } from '../domain/client-maintenance';
import { clientMaintenanceHandlers } from './client-maintenance-handlers';

export function createClientsService(
  deps: ListClientSummariesDeps & ClientMaintenanceDeps,
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
        // null (no figure yet) travels as an unset optional field.
        content: page.content.map((row) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v ?? undefined])),
        ),
        totalSize: page.totalSize,
      };
    },
    async listReferenceLists(req, ctx) {
      return listReferenceLists(requireCaller(ctx), req.organisationUuid);
    },
  };
}
