import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import type { OutboxEvent } from '@gains/outbox';
import { ledgerChangedEvent } from '../events/ledger-events';
import type { ClientRecordStore } from '../store/client-record-store';
import { checkClient, earliestOverrideChange, taxpayerKindOf, type RawClient } from './client-rules';
import type { ClientListQuery, ClientListRow, ClientRecord } from './client-record';
import { assertClientReader, assertLedgerReader, assertLedgerWriter } from './ledger-access';
import { CLIENT_TYPES } from './reference-lists';
import { taxYearsBetween, type TaxYearView } from './tax-years';

export interface ClientMaintenanceDeps {
  records: ClientRecordStore;
  /** London's date, YYYY-MM-DD. */
  today(): string;
}

const PAGE_SIZES = new Set([10, 25, 50, 100]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Client Maintenance list: page from 1, size 10/25/50/100, term over codes, names, NI number, manager. */
export async function listClients(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  q: ClientListQuery,
): Promise<{ rows: ClientListRow[]; total: number }> {
  assertLedgerReader(caller, q.organisationUuid);
  if (!Number.isInteger(q.page) || q.page < 1 || q.page > 1_000_000)
    throw invalidArgument('page', 'page must be from 1 to 1,000,000');
  const size = q.size === 0 ? 10 : q.size;
  if (!PAGE_SIZES.has(size)) throw invalidArgument('size', 'size must be 10, 25, 50 or 100');
  if (q.term.length > 100) throw invalidArgument('term', 'term must be at most 100 characters');
  return deps.records.list({ ...q, size });
}

/** The company clients (or the others), by code; at most 1,000. */
export async function listClientsByCompany(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  organisationUuid: string,
  company: boolean,
) {
  assertLedgerReader(caller, organisationUuid);
  const { rows } = await deps.records.list({ organisationUuid, page: 1, size: 1000, term: '', sort: [], company });
  return rows;
}

/** One client by id, or by uuid when id is 0; another organisation's client is not found. */
export async function getClient(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  request: { organisationUuid: string; id: number; uuid: string },
): Promise<ClientRecord> {
  assertClientReader(caller, request.organisationUuid);
  return findClient(deps, request);
}

async function findClient(
  deps: ClientMaintenanceDeps,
  request: { organisationUuid: string; id: number; uuid: string },
) {
  let record: ClientRecord | null = null;
  if (request.id > 0) record = await deps.records.get(request.organisationUuid, { id: request.id });
  else if (UUID.test(request.uuid)) record = await deps.records.get(request.organisationUuid, { uuid: request.uuid });
  else throw invalidArgument('id', 'Give a client id or uuid');
  if (!record) throw notFound('The client', 'id');
  return record;
}

/** What of a client the tax engine's taxpayer follows from (taxpayerKindOf, the date of death, the year end). */
function taxpayerOf(client: {
  typeCode: string;
  company: boolean;
  deceased: boolean;
  dateDeceased?: string | null;
  yearEndOverride: boolean;
  yearEndInput?: string | null;
}): string {
  return [
    taxpayerKindOf(client),
    client.dateDeceased ?? '',
    client.yearEndOverride ? (client.yearEndInput ?? '') : '',
  ].join('|');
}

function overrideEvents(organisationUuid: string, clientUuid: string, earliestDate: string | undefined): OutboxEvent[] {
  return earliestDate ? [ledgerChangedEvent({ organisationUuid, clientUuid, earliestDate, reason: 'OVERRIDE' })] : [];
}

/** Creates a client with its nested lists, all or nothing. */
export async function createClient(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  request: { organisationUuid: string; client: RawClient },
): Promise<ClientRecord> {
  assertLedgerWriter(caller, request.organisationUuid);
  const checked = checkClient(request.client, deps.today());
  const taken = await deps.records.codeTaken(request.organisationUuid, checked.code, 0);
  if (taken) throw new DomainError('ALREADY_EXISTS', `Client code ${checked.code} is taken by ${taken.name}`, 'code');
  const earliest = earliestOverrideChange([], checked.taxOverrides);
  const id = await deps.records.create(request.organisationUuid, checked, caller.name || caller.email, (uuid) =>
    overrideEvents(request.organisationUuid, uuid, earliest),
  );
  return findClient(deps, { organisationUuid: request.organisationUuid, id, uuid: '' });
}

/**
 * Replaces a client and its nested lists at the version read; a stale version is refused (409) naming the client.
 * A change to the tax overrides tells the tax engine (ledger.changed, OVERRIDE) from the earliest year touched.
 */
export async function updateClient(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  request: { organisationUuid: string; id: number; version: number; client: RawClient },
): Promise<ClientRecord> {
  assertLedgerWriter(caller, request.organisationUuid);
  const existing = await findClient(deps, { organisationUuid: request.organisationUuid, id: request.id, uuid: '' });
  const checked = checkClient(request.client, deps.today());
  const taken = await deps.records.codeTaken(request.organisationUuid, checked.code, existing.id);
  if (taken) throw new DomainError('ALREADY_EXISTS', `Client code ${checked.code} is taken by ${taken.name}`, 'code');
  const earliest = earliestOverrideChange(existing.taxOverrides, checked.taxOverrides);
  // A change to what the engine computes the client as (company, trust, personal representatives, the year end)
  // moves every figure: the whole ledger is recalculated, from its first trade.
  const recomputeAll = taxpayerOf(existing) !== taxpayerOf(checked);
  const first = recomputeAll ? await deps.records.firstTradeDate(request.organisationUuid, existing.id) : null;
  await deps.records.update(
    request.organisationUuid,
    existing.id,
    request.version,
    checked,
    caller.name || caller.email,
    first
      ? [
          ledgerChangedEvent({
            organisationUuid: request.organisationUuid,
            clientUuid: existing.uuid,
            earliestDate: first,
            reason: 'TYPE',
          }),
        ]
      : overrideEvents(request.organisationUuid, existing.uuid, earliest),
  );
  return findClient(deps, { organisationUuid: request.organisationUuid, id: existing.id, uuid: '' });
}

/** Whether a code is taken in the organisation, and by whom. */
export async function lookupClient(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  organisationUuid: string,
  code: string,
) {
  assertLedgerReader(caller, organisationUuid);
  const trimmed = code.trim();
  if (!trimmed) throw invalidArgument('code', 'code is required');
  if (trimmed.length > 40) throw invalidArgument('code', 'code must be at most 40 characters');
  return deps.records.codeTaken(organisationUuid, trimmed, 0);
}

/** The tax years of a client's ledger, from its first trade (or this year) to now, newest first. */
export async function listClientTaxYears(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  request: { organisationUuid: string; clientUuid: string },
): Promise<TaxYearView[]> {
  assertClientReader(caller, request.organisationUuid);
  if (!UUID.test(request.clientUuid)) throw invalidArgument('clientUuid', 'clientUuid must be a uuid');
  const client = await findClient(deps, {
    organisationUuid: request.organisationUuid,
    id: 0,
    uuid: request.clientUuid,
  });
  const today = deps.today();
  const first = await deps.records.firstTradeDate(request.organisationUuid, client.id);
  return taxYearsBetween(first ?? today, today);
}

/** The tax years overrides may be entered for a client type: 2008-09 to now, newest first. */
export function listTaxYearsForClientType(
  deps: ClientMaintenanceDeps,
  caller: Caller,
  organisationUuid: string,
  typeId: number,
) {
  assertLedgerReader(caller, organisationUuid);
  if (!CLIENT_TYPES.some((t) => t.id === typeId)) throw notFound('The client type', 'typeId');
  return taxYearsBetween('2008-04-06', deps.today());
}
