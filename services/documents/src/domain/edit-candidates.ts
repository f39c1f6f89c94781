import type { Caller } from '@gains/auth';
import { compareDecimal, isDecimal, roundDecimal } from '@gains/decimal';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import type pg from 'pg';
import { pipelineStore } from '../store/pipeline-store';
import { assertDocumentsUser } from './access';
import { candidatePreviews } from './candidate-previews';
import { isMovement } from './document-types';
import { assertAllowed } from './header-status';
import { movementPreviews } from './movement-previews';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface EditDeps {
  /** Runs `fn` in one database transaction (the edit and its previews commit together). */
  inTransaction<T>(fn: (tx: pg.PoolClient) => Promise<T>): Promise<T>;
  /** The header's id and status, when the organisation has it. */
  headerState(organisationUuid: string, uuid: string): Promise<{ id: number; status: string } | null>;
}

/** The organisation's header whose rows are edited, when its status allows it (the caller checked first). */
export async function editableHeader(
  deps: EditDeps,
  caller: Caller,
  req: { organisationUuid: string; headerUuid: string },
  row: { field: string; uuid: string; noun: string },
) {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!UUID.test(req.headerUuid)) throw invalidArgument('id', 'id must be a header’s uuid');
  if (!UUID.test(row.uuid)) throw invalidArgument(row.field, `${row.field} must be a ${row.noun}’s uuid`);
  const header = await deps.headerState(req.organisationUuid, req.headerUuid.toLowerCase());
  if (!header) throw notFound('The header', 'id');
  // rows are editable and selectable only while PENDING or EDIT (seed 001 §4)
  assertAllowed(header.status, 'editRows');
  return header;
}

/**
 * POST .../candidates/{candidateId}/include and /exclude (seed 001 §4): ticking an excluded candidate includes it
 * (PENDING), unticking a PENDING or EDIT one excludes it (EXCLUDED, so Create transactions leaves it out); the
 * header is then EDIT. Anything else is refused naming the candidate's status.
 */
export async function includeCandidate(
  deps: EditDeps,
  caller: Caller,
  req: { organisationUuid: string; headerUuid: string; candidateUuid: string; include: boolean },
): Promise<void> {
  const header = await editableHeader(deps, caller, req, {
    field: 'candidateId',
    uuid: req.candidateUuid,
    noun: 'candidate',
  });
  await deps.inTransaction(async (tx) => {
    const store = pipelineStore(tx);
    const candidate = await store.candidateForEdit(header.id, req.candidateUuid.toLowerCase());
    if (!candidate) throw notFound('The candidate', 'candidateId');
    // a PENDING_DIFF candidate (a refresh found the ledger changed) is unticked until the user includes it
    const allowed = req.include ? ['EXCLUDED', 'PENDING_DIFF'] : ['PENDING', 'EDIT'];
    if (!allowed.includes(candidate.status))
      throw new DomainError(
        'FAILED_PRECONDITION',
        `${req.include ? 'Only an EXCLUDED or PENDING_DIFF candidate can be included' : 'Only a PENDING or EDIT candidate can be excluded'}; it is ${candidate.status}`,
        'candidateId',
      );
    await store.setCandidateStatus(header.id, candidate.id, req.include ? 'PENDING' : 'EXCLUDED', caller.name);
  });
}

/** A figure's text: exact, not negative; null when blank and not required. */
export const figure = (field: string, label: string, text: string, required: boolean): string | null => {
  const t = text.trim().replace(/,/g, '');
  if (t === '') {
    if (required) throw invalidArgument(field, `${label} is required`);
    return null;
  }
  if (!isDecimal(t) || t.startsWith('+')) throw invalidArgument(field, `${label} must be a number, such as 12.5`);
  if (compareDecimal(t, '0') < 0) throw invalidArgument(field, `${label} must not be negative`);
  return t;
};

/** A candidate is edited at the version read, and only while PENDING or EDIT. */
function assertEditable(candidate: { version: number; status: string }, version: number) {
  if (candidate.version !== version)
    throw new DomainError('ABORTED', 'The candidate changed since it was read: reload it and edit it again', 'version');
  if (candidate.status !== 'PENDING' && candidate.status !== 'EDIT')
    throw new DomainError(
      'FAILED_PRECONDITION',
      `Only a PENDING or EDIT candidate can be edited; it is ${candidate.status}`,
      'candidateId',
    );
}

/**
 * A portfolio movement's candidate edited (seed 001 §5): its Holding Quantity and CGT Cost are what the ledger
 * holds and not editable; the transfer quantity (at most the holding, whole units of the security's places) or
 * the transfer percentage (above 0, at most 100) are, and its previews are made again from them.
 */
async function saveMovementCandidate(
  store: ReturnType<typeof pipelineStore>,
  run: NonNullable<Awaited<ReturnType<ReturnType<typeof pipelineStore>['header']>>>,
  req: Parameters<typeof saveCandidate>[2],
  byName: string,
) {
  const candidate = await store.candidateForEdit(run.id, req.candidateUuid.toLowerCase());
  if (!candidate) throw notFound('The candidate', 'candidateId');
  const same = (field: string, label: string, sent: string, held: string | null) => {
    const t = figure(field, label, sent, false);
    if (t !== null && (held === null || compareDecimal(t, held) !== 0))
      throw invalidArgument(field, `${label} is not editable for a portfolio movement`);
  };
  same('holdingQuantity', 'Holding Quantity', req.holdingQuantity, candidate.holdingQuantity);
  same('cgtCost', 'CGT Cost', req.cgtCost, candidate.cgtCost);
  assertEditable(candidate, req.version);
  const quantity = figure('transferQuantity', 'Transfer Quantity', req.transferQuantity ?? '', false);
  const percent = figure('transferPercentage', 'Transfer Percentage', req.transferPercentage ?? '', false);
  if (quantity !== null) {
    if (compareDecimal(quantity, candidate.holdingQuantity) > 0)
      throw invalidArgument('transferQuantity', 'Transfer Quantity must not be more than the Holding Quantity');
    if (compareDecimal(roundDecimal(quantity, candidate.decimalPlaces, 'down'), quantity) !== 0)
      throw invalidArgument(
        'transferQuantity',
        `Transfer Quantity must be in whole units of ${candidate.decimalPlaces} decimal places`,
      );
  }
  if (percent !== null && (compareDecimal(percent, '0') <= 0 || compareDecimal(percent, '100') > 0))
    throw invalidArgument('transferPercentage', 'Transfer Percentage must be more than 0 and at most 100');
  const ins = (await store.movements(run.id)).filter((m) => m.direction === 'IN');
  const preview = movementPreviews(
    run.effect,
    run.tradeDate!,
    candidate.portfolioUuid,
    {
      securityId: candidate.securityId,
      holdingQuantity: candidate.holdingQuantity,
      decimalPlaces: candidate.decimalPlaces,
      cgtCost: candidate.cgtCost,
      price: candidate.price,
      transferPercentage: percent ?? candidate.transferPercentage ?? '100',
      transferQuantity: quantity,
      firstAcquiredDate: candidate.firstAcquiredDate,
    },
    ins,
  );
  if (preview.rows.length === 0) throw invalidArgument('transferQuantity', preview.reason);
  await store.replaceCandidate(
    run.id,
    candidate.id,
    {
      holdingQuantity: candidate.holdingQuantity,
      cgtCost: candidate.cgtCost,
      group1Quantity: null,
      group2Quantity: null,
      transferQuantity: preview.transferQuantity,
      transferPercentage: percent,
    },
    preview.rows.map((r) => ({ ...r, sedol: candidate.sedol, isin: candidate.isin })),
    new Map(),
    byName,
  );
}

/**
 * POST .../candidates/{candidateId} (seed 001 §7): a candidate's holding quantity, CGT cost and Group 1 / Group 2
 * quantities edited at the version read, and its previews made again from them; the candidate and the header are
 * then EDIT. A stale version is ABORTED and nothing changes.
 */
export async function saveCandidate(
  deps: EditDeps,
  caller: Caller,
  req: {
    organisationUuid: string;
    headerUuid: string;
    candidateUuid: string;
    version: number;
    holdingQuantity: string;
    cgtCost: string;
    group1Quantity: string;
    group2Quantity: string;
    transferQuantity?: string;
    transferPercentage?: string;
  },
): Promise<void> {
  const header = await editableHeader(deps, caller, req, {
    field: 'candidateId',
    uuid: req.candidateUuid,
    noun: 'candidate',
  });
  await deps.inTransaction(async (tx) => {
    const store = pipelineStore(tx);
    const run = (await store.header(req.headerUuid.toLowerCase()))!;
    if (isMovement(run.effect)) return saveMovementCandidate(store, run, req, caller.name);
    const edit = {
      holdingQuantity: figure('holdingQuantity', 'Holding Quantity', req.holdingQuantity, true)!,
      cgtCost: figure('cgtCost', 'CGT Cost', req.cgtCost, false),
      group1Quantity: figure('group1Quantity', 'Group 1 quantity', req.group1Quantity, false),
      group2Quantity: figure('group2Quantity', 'Group 2 quantity', req.group2Quantity, false),
    };
    const candidate = await store.candidateForEdit(header.id, req.candidateUuid.toLowerCase());
    if (!candidate) throw notFound('The candidate', 'candidateId');
    assertEditable(candidate, req.version);
    const rows = candidatePreviews(run, run.lines, {
      holdingQuantity: edit.holdingQuantity,
      decimalPlaces: run.quantityDecimalPlaces,
      group1Quantity: edit.group1Quantity,
      group2Quantity: edit.group2Quantity,
    });
    await store.replaceCandidate(
      header.id,
      candidate.id,
      edit,
      rows,
      new Map(run.lines.map((l) => [l.ord, l.id])),
      caller.name,
    );
  });
}
