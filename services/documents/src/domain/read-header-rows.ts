import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { assertDocumentsUser } from './access';
import type { PreviewView } from '../store/row-store';
import type { DocumentsDeps } from './deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_SIZES = [10, 25, 50, 100];

type Request = { organisationUuid: string; headerUuid: string; page: number; size: number };

function checked(caller: Caller, req: Request) {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!UUID.test(req.headerUuid)) throw invalidArgument('id', 'id must be a header’s uuid');
  const size = req.size || 10;
  if (!PAGE_SIZES.includes(size)) throw invalidArgument('size', 'size must be 10, 25, 50 or 100');
  if (req.page < 0) throw invalidArgument('page', 'page must be 0 or more');
  return { org: req.organisationUuid, uuid: req.headerUuid.toLowerCase(), page: req.page, size };
}

/** GET admin/documents/headers/{id}/candidates: the organisation's header's holders, a page at a time. */
export async function listCandidates(deps: Pick<DocumentsDeps, 'rows'>, caller: Caller, req: Request) {
  const r = checked(caller, req);
  const page = await deps.rows.candidates(r.org, r.uuid, r.page, r.size);
  if (!page) throw notFound('The header', 'id');
  return page;
}

/** A header's previews as one of its grids shows them, a page at a time. */
const previewList = (which: PreviewView) => async (deps: Pick<DocumentsDeps, 'rows'>, caller: Caller, req: Request) => {
  const r = checked(caller, req);
  const page = await deps.rows.previews(r.org, r.uuid, r.page, r.size, which);
  if (!page) throw notFound('The header', 'id');
  return page;
};

/** GET admin/documents/headers/{id}/previews: each candidate's proposed ledger rows. */
export const listPreviews = previewList('all');
/** GET admin/documents/headers/{id}/preview-transactions: the rows 'Create transactions' will post. */
export const listProposedTransactions = previewList('proposed');
/** GET admin/documents/headers/{id}/transactions: the rows posted to the ledger, and their reversals. */
export const listHeaderTransactions = previewList('posted');
