import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps, DocumentTypeRecord } from './deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODES = ['', 'CA', 'PM', 'SC'];

/**
 * GET admin/documents/headers/types: the system types and the organisation's own active ones, of one kind or all;
 * the administration list (`includeInactive`) has the organisation's inactive types too.
 */
export async function listDocumentTypes(
  deps: Pick<DocumentsDeps, 'types'>,
  caller: Caller,
  req: { organisationUuid: string; documentTypeCode: string; includeInactive?: boolean },
): Promise<DocumentTypeRecord[]> {
  assertDocumentsUser(caller, req.organisationUuid);
  const code = req.documentTypeCode.trim().toUpperCase();
  if (!CODES.includes(code)) throw invalidArgument('documentTypeCode', 'documentTypeCode must be one of CA, PM, SC');
  return deps.types.list(req.organisationUuid, code, req.includeInactive ?? false);
}

/** GET admin/documents/headers/types/documentType/{id}. */
export async function getDocumentType(
  deps: Pick<DocumentsDeps, 'types'>,
  caller: Caller,
  req: { organisationUuid: string; uuid: string },
): Promise<DocumentTypeRecord> {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!UUID.test(req.uuid)) throw invalidArgument('uuid', 'uuid must be a uuid');
  const type = await deps.types.find(req.organisationUuid, req.uuid.toLowerCase());
  if (!type) throw notFound('The document type', 'uuid');
  return type;
}

/** GET admin/documents/layers/{securityId}: the security must be one the caller can see. */
export async function listLayers(
  deps: Pick<DocumentsDeps, 'layers' | 'security'>,
  caller: Caller,
  req: { organisationUuid: string; securityId: number },
) {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!Number.isInteger(req.securityId) || req.securityId <= 0)
    throw invalidArgument('securityId', 'securityId must be a whole number above 0');
  if (!(await deps.security(caller, req.organisationUuid, req.securityId)))
    throw notFound('The security', 'securityId');
  return deps.layers.list(req.securityId);
}
