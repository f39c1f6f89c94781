import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps, DocumentTypeRecord } from './deps';
import { checkDocumentTypeCode, checkDocumentTypeEdit, type DocumentTypeEdit } from './document-type-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SaveDocumentTypeRequest = DocumentTypeEdit & {
  organisationUuid: string;
  /** "" to create a copy of `baseUuid` */
  uuid: string;
  version: number;
  baseUuid: string;
  code: string;
};

/**
 * POST admin/documents/types and PUT admin/documents/types/{uuid}: a firm's own document type. Creating copies a
 * system type (the base: its effect and ledger lines, so the copy posts and taxes as the base does) with the
 * checked editable fields; editing changes the firm's own type at the version read. System types are read-only
 * (they are reseeded at every start); another firm's type is not found.
 */
export async function saveDocumentType(
  deps: Pick<DocumentsDeps, 'types'>,
  caller: Caller,
  req: SaveDocumentTypeRequest,
): Promise<DocumentTypeRecord> {
  const org = req.organisationUuid;
  assertDocumentsUser(caller, org);
  if (!req.uuid) {
    if (!UUID.test(req.baseUuid)) throw invalidArgument('baseUuid', 'Base type is required: the system type to copy');
    const base = await deps.types.find(org, req.baseUuid.toLowerCase());
    if (!base) throw notFound('The base type', 'baseUuid');
    if (!base.system) throw invalidArgument('baseUuid', 'The base type must be a system type');
    const code = req.code.trim();
    const taken = code && (await deps.types.codeTaken(org, code)) ? new Set([code]) : new Set<string>();
    const checkedCode = checkDocumentTypeCode(code, taken);
    // a copy starts active unless asked otherwise, whatever the base's state
    const write = checkDocumentTypeEdit({ ...base, active: true }, req);
    const created = await deps.types.insertCopy(org, base.id, checkedCode, write, caller.name);
    if (!created)
      throw invalidArgument('code', `Code ${checkedCode} is already used by a system type or one of your firm's types`);
    return created;
  }
  if (!UUID.test(req.uuid)) throw invalidArgument('uuid', 'uuid must be a uuid');
  const current = await deps.types.find(org, req.uuid.toLowerCase());
  if (!current) throw notFound('The document type', 'uuid');
  if (current.system)
    throw new DomainError(
      'FAILED_PRECONDITION',
      `A system type cannot be changed: copy it as your firm's own type (${current.code})`,
      'uuid',
    );
  if (req.code.trim() && req.code.trim() !== current.code)
    throw invalidArgument('code', 'Code cannot change once the type is created');
  const write = checkDocumentTypeEdit(current, req);
  const saved = await deps.types.update(org, current.uuid, req.version, write, caller.name);
  if (!saved)
    throw new DomainError(
      'ABORTED',
      'The document type changed since it was read: reload it and edit it again',
      'version',
    );
  return saved;
}
