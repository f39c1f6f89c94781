import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { clients } from '@gains/proto';
import { listClientSummaries, type ListClientSummariesDeps } from '../domain/list-client-summaries';
import { listReferenceLists } from '../domain/reference-lists';

// Partial while the client maintenance calls are built (issue 21): an unimplemented call answers UNIMPLEMENTED.
export function createClientsService(
  deps: ListClientSummariesDeps,
): Partial<ServiceImpl<typeof clients.ClientsService>> {
  return {
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
