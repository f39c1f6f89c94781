import type { HeaderFilters } from '@gains/contracts';
import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps } from './deps';
import { HEADER_STATUSES } from './header-status';
import { SEARCH_DATE_TYPES, type HeaderFilter, type HeaderView, type SearchDateType } from './header-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_SIZES = [10, 25, 50, 100];

/** GET admin/documents/headers/{id}: the organisation's header, or NOT_FOUND (another's is not found either). */
export async function getHeader(
  deps: Pick<DocumentsDeps, 'headers' | 'organisationName'>,
  caller: Caller,
  req: { organisationUuid: string; uuid: string },
): Promise<HeaderView> {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!UUID.test(req.uuid)) throw invalidArgument('uuid', 'uuid must be a uuid');
  const orgName = await deps.organisationName(caller, req.organisationUuid);
  const header = await deps.headers.get(req.organisationUuid, req.uuid.toLowerCase(), orgName);
  if (!header) throw notFound('The header', 'uuid');
  return header;
}

/**
 * GET admin/documents/headers/search (seed 001 §2, §7): one kind (CA or PM), optionally one type, status, security
 * or layer, within a date range of the chosen date (pay date by default for corporate actions, trade date for
 * portfolio movements), from the start of `from` to the end of `to`.
 */
export async function searchHeaders(
  deps: Pick<DocumentsDeps, 'headers' | 'organisationName'>,
  caller: Caller,
  req: HeaderFilterRequest & { page: number; size: number; term: string },
): Promise<{ content: HeaderView[]; totalSize: number }> {
  const filter = checkedHeaderFilter(caller, req);
  const size = req.size || 10;
  if (!PAGE_SIZES.includes(size)) throw invalidArgument('size', 'size must be 10, 25, 50 or 100');
  if (req.page < 0) throw invalidArgument('page', 'page must be 0 or more');
  const orgName = await deps.organisationName(caller, req.organisationUuid);
  return deps.headers.search(req.organisationUuid, { ...filter, term: req.term, page: req.page, size }, orgName);
}

/** A search's filters, as the header search and the CA reports take them. */
export type HeaderFilterRequest = HeaderFilters & { organisationUuid: string };

/**
 * The caller may use documents in the organisation (`assertAccess`: a documents user unless said), and each filter
 * is valid: the filter, normalised.
 */
export function checkedHeaderFilter(
  caller: Caller,
  req: HeaderFilterRequest,
  assertAccess: (caller: Caller, organisationUuid: string) => void = assertDocumentsUser,
): HeaderFilter {
  assertAccess(caller, req.organisationUuid);
  const kind = req.documentTypeCode.trim().toUpperCase() || 'CA';
  if (kind !== 'CA' && kind !== 'PM') throw invalidArgument('documentTypeCode', 'documentTypeCode must be CA or PM');
  if (req.typeUuid && !UUID.test(req.typeUuid)) throw invalidArgument('type', 'type must be a document type’s uuid');
  if (req.status && !(HEADER_STATUSES as readonly string[]).includes(req.status))
    throw invalidArgument('status', `status must be one of ${HEADER_STATUSES.join(', ')}`);
  if (req.layerUuid && !UUID.test(req.layerUuid)) throw invalidArgument('layerUuid', 'layerUuid must be a uuid');
  const dateType = (req.searchDateType.trim().toUpperCase() ||
    (kind === 'PM' ? 'TRADE_DATE' : 'PAY_DATE')) as SearchDateType;
  if (!SEARCH_DATE_TYPES.includes(dateType) || (kind === 'CA' && dateType === 'TRADE_DATE'))
    throw invalidArgument(
      'searchDateType',
      `searchDateType must be one of ${SEARCH_DATE_TYPES.filter((t) => kind === 'PM' || t !== 'TRADE_DATE').join(', ')}`,
    );
  for (const [field, value] of [
    ['from', req.from],
    ['to', req.to],
  ] as const)
    if (value && !DATE.test(value)) throw invalidArgument(field, `${field} must be a date as YYYY-MM-DD`);
  if (req.from && req.to && req.to < req.from) throw invalidArgument('to', 'To must not be before From');
  return {
    documentTypeCode: kind,
    typeUuid: req.typeUuid.toLowerCase(),
    status: req.status,
    securityId: req.securityId,
    layerUuid: req.layerUuid.toLowerCase(),
    dateType,
    from: req.from || null,
    to: req.to || null,
  };
}
