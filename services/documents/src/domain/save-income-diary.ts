import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import type { IncomeDiaryView } from '../store/income-diary-store';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps, DocumentTypeRecord } from './deps';
import type { IncomeDiaryInput } from '@gains/contracts';
import { checkIncomeDiary } from './income-diary-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SaveIncomeDiaryRequest = IncomeDiaryInput & {
  organisationUuid: string;
  /** "" to create */
  uuid: string;
  version: number;
  active: boolean;
};

/**
 * The line a diary's header carries: a diary's type is an income corporate action whose terms are one rate per
 * share (a cash dividend, excess reportable income), so the diary's rate is the whole of them. Null otherwise.
 */
export function diaryLine(type: DocumentTypeRecord) {
  if (!type.income || type.documentTypeCode !== 'CA' || type.parentSecurityPriceMandatory) return null;
  const mandatory = type.lineDefinitions.filter((d) => d.mandatory);
  const line = mandatory[0];
  if (mandatory.length !== 1 || !line || line.newSecurity) return null;
  if (line.usePriceInTransaction && line.defaultPrice === null) return null;
  return line;
}

/**
 * POST / PUT admin/documents/income-diaries: a diary's terms checked (income-diary-rules.ts), its security looked
 * up (securities, with the caller's token) and kept with it, so the timer can make its headers as the documents
 * service; the type one a diary can carry, the layer one of the security's. An edit at the version read.
 */
export async function saveIncomeDiary(
  deps: DocumentsDeps,
  caller: Caller,
  req: SaveIncomeDiaryRequest,
): Promise<IncomeDiaryView> {
  assertDocumentsUser(caller, req.organisationUuid);
  const org = req.organisationUuid;
  if (req.uuid && !UUID.test(req.uuid)) throw invalidArgument('uuid', 'uuid must be a uuid');
  // an edit of a diary the organisation does not have is NOT_FOUND whatever its terms
  if (req.uuid && !(await deps.diaries.state(org, req.uuid.toLowerCase()))) throw notFound('The income diary', 'uuid');
  const checked = checkIncomeDiary(req);
  const type = await deps.types.find(org, checked.documentTypeUuid);
  if (!type) throw notFound('The document type', 'documentTypeUuid');
  if (!diaryLine(type))
    throw invalidArgument(
      'documentTypeUuid',
      'Document Type must be an income corporate action with one rate per share, such as a cash dividend',
    );
  const security = await deps.security(caller, org, checked.securityId);
  if (!security) throw invalidArgument('securityId', 'The security is not one Gains knows');
  if (!(await deps.layers.find(security.id, checked.layerUuid)))
    throw invalidArgument('layerUuid', 'The layer must be one of the security’s');
  const write = {
    ...checked,
    sedol: security.sedol,
    isin: security.isin,
    securityName: security.securityName,
    quantityDecimalPlaces: security.quantityDecimalPlaces,
    documentTypeId: type.id,
    active: req.active,
  };
  if (!req.uuid) {
    const created = await deps.diaries.insert(org, write, caller.name);
    deps.incomePendingChanged(org);
    return created;
  }
  const saved = await deps.diaries.update(org, req.uuid.toLowerCase(), req.version, write, caller.name);
  if (!saved)
    throw new DomainError(
      'ABORTED',
      'The income diary changed since it was read: reload it and make the change again',
      'version',
    );
  deps.incomePendingChanged(org);
  return saved;
}
