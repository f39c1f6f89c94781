import { firstRole } from '@gains/access';
import { assertMember, assertMemberOrService, REPORTS_SERVICE, type Caller } from '@gains/auth';
import { invalidArgument, notFound, permissionDenied } from '@gains/errors';
import type { CalculationStore, StoredRun } from '../store/calculation-store';
import { DISPOSALS_PAGE_SIZE, MAX_DISPOSALS_PAGE_SIZE } from './compute-ledger-file';
import type { CalculationJson } from './calculation-figures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The /admin/ calculations calls: ADMIN and CUSTOMER_ADMIN members of the organisation (super admins: any). */
export function assertCalculationsAdmin(caller: Caller, organisationUuid: string): void {
  assertMember(caller, organisationUuid);
  const role = firstRole(caller.roles);
  if (role !== 'ADMIN' && role !== 'CUSTOMER_ADMIN') {
    throw permissionDenied('You do not have permission to see or start calculations');
  }
}

/** A client's stored figures: any member with a role, or the reports service's jobs (a client's reports). */
export function assertCalculationsReader(caller: Caller, organisationUuid: string): void {
  assertMemberOrService(caller, organisationUuid, [REPORTS_SERVICE]);
}

export function requireUuid(field: string, value: string): string {
  const v = value.trim();
  if (!UUID.test(v)) throw invalidArgument(field, `${field} must be a uuid (8-4-4-4-12 hexadecimal digits)`);
  return v.toLowerCase();
}

export interface CalculationsDeps {
  store: CalculationStore;
  /** Wakes the recalculation loop. */
  queued(): void;
  /** Starts the organisation's recalculation job; answers its uuid. */
  startOrganisationJob(caller: Caller, organisationUuid: string): Promise<{ jobUuid: string; clients: number }>;
}

export async function recalculate(
  deps: CalculationsDeps,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string },
): Promise<{ jobUuid: string; queuedClients: number }> {
  // one client's figures worked out again is any member's ask (a report of a client not yet computed needs it);
  // the whole organisation's recalculation is an administrator's
  if (req.clientUuid.trim() === '') assertCalculationsAdmin(caller, req.organisationUuid);
  else assertCalculationsReader(caller, req.organisationUuid);
  if (req.clientUuid.trim() === '') {
    const { jobUuid, clients } = await deps.startOrganisationJob(caller, req.organisationUuid);
    return { jobUuid, queuedClients: clients };
  }
  const clientUuid = requireUuid('clientUuid', req.clientUuid);
  await deps.store.enqueue({
    organisationUuid: req.organisationUuid,
    clientUuid,
    trigger: 'RECALCULATE',
    reason: '',
    earliestDate: '',
  });
  deps.queued();
  return { jobUuid: '', queuedClients: 1 };
}

export async function listRuns(
  deps: Pick<CalculationsDeps, 'store'>,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string; page: number; size: number },
): Promise<{ runs: StoredRun[]; total: number }> {
  assertCalculationsAdmin(caller, req.organisationUuid);
  const clientUuid = requireUuid('clientUuid', req.clientUuid);
  const page = req.page || 1;
  const size = req.size || 20;
  if (!Number.isInteger(page) || page < 1) throw invalidArgument('page', 'The page must be a whole number from 1');
  if (!Number.isInteger(size) || size < 1 || size > 100)
    throw invalidArgument('size', 'The page size must be a whole number from 1 to 100');
  return deps.store.listRuns(req.organisationUuid, clientUuid, page, size);
}

/**
 * A stored run with one page of its disposals, over every tax year in order, as ComputeLedger answers a file:
 * the years' figures whole, only their `disposals` lists the page's.
 */
export async function getRun(
  deps: Pick<CalculationsDeps, 'store'>,
  caller: Caller,
  req: { organisationUuid: string; id: string; disposalsPage: number; disposalsPageSize: number },
): Promise<{ run: StoredRun; calculation: unknown }> {
  // any member: an adviser downloads a client's CGT report, which is this run's figures (seed 000 §6 gives advisers
  // Singular Reports); starting calculations and their history stay with administrators
  assertCalculationsReader(caller, req.organisationUuid);
  const id = requireUuid('id', req.id);
  const page = req.disposalsPage || 1;
  const pageSize = req.disposalsPageSize || DISPOSALS_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1)
    throw invalidArgument('disposalsPage', 'The page of disposals must be a whole number from 1');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_DISPOSALS_PAGE_SIZE)
    throw invalidArgument(
      'disposalsPageSize',
      `Disposals a page must be a whole number from 1 to ${MAX_DISPOSALS_PAGE_SIZE.toLocaleString('en-GB')}`,
    );
  const found = await deps.store.getRun(req.organisationUuid, id);
  if (!found) throw notFound('The calculation', 'id');
  const { computation, ...run } = found;
  if (computation === null) return { run: run as StoredRun, calculation: null };
  const calc = computation as unknown as CalculationJson & { disposalsPage?: unknown };
  const from = (page - 1) * pageSize;
  let seen = 0;
  const taxYears = calc.computation.taxYears.map((y) => {
    const start = Math.max(0, from - seen);
    const end = Math.max(0, from + pageSize - seen);
    seen += y.disposals.length;
    return { ...y, disposals: y.disposals.slice(start, end) };
  });
  return {
    run: run as StoredRun,
    calculation: {
      ...calc,
      computation: { ...calc.computation, taxYears },
      disposalsPage: { page, pageSize, total: seen },
    },
  };
}

export async function calculationStatus(
  deps: Pick<CalculationsDeps, 'store'>,
  caller: Caller,
  req: { organisationUuid: string; clientUuid: string },
): Promise<{ clientUuid: string; status: string; queued: boolean; latest: StoredRun | null }> {
  assertCalculationsReader(caller, req.organisationUuid);
  const clientUuid = requireUuid('clientUuid', req.clientUuid);
  const [latest, queued] = await Promise.all([
    deps.store.latestRun(req.organisationUuid, clientUuid),
    deps.store.queued(req.organisationUuid, clientUuid),
  ]);
  return { clientUuid, status: queued ? 'QUEUED' : (latest?.status ?? 'NONE'), queued, latest };
}
