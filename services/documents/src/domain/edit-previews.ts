import type { Caller } from '@gains/auth';
import { compareDecimal } from '@gains/decimal';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { pipelineStore } from '../store/pipeline-store';
import { isMovement } from './document-types';
import { candidatePreviews } from './candidate-previews';
import { editableHeader, figure, type EditDeps } from './edit-candidates';

const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : compareDecimal(a, b) === 0);

/**
 * POST .../headers/{id}/previews/{previewId} (seed 001 §2 Previews grid: Holding Quantity, Expense and Proceeds are
 * editable): one preview's figures edited at the version read, while the header is PENDING or EDIT and the row is
 * not posted. A new holding works the row out again from the terms (the new shares, the cash); a Proceeds or
 * Expense typed over the worked figure is then what is posted. Proceeds belong to a row where the holder receives
 * cash, Expense to one where the holder pays; the other is refused naming it. The preview and the header are then
 * EDIT; a stale version is ABORTED and nothing changes.
 */
export async function savePreview(
  deps: EditDeps,
  caller: Caller,
  req: {
    organisationUuid: string;
    headerUuid: string;
    previewUuid: string;
    version: number;
    holdingQuantity: string;
    proceeds: string;
    expense: string;
  },
): Promise<void> {
  const header = await editableHeader(deps, caller, req, {
    field: 'previewId',
    uuid: req.previewUuid,
    noun: 'preview',
  });
  const holding = figure('holdingQuantity', 'Holding Quantity', req.holdingQuantity, false);
  const proceeds = figure('proceeds', 'Proceeds', req.proceeds, false);
  const expense = figure('expense', 'Expense', req.expense, false);
  for (const [field, value] of [
    ['proceeds', proceeds],
    ['expense', expense],
  ] as const)
    if (value !== null && !/^\d+(\.\d{1,2})?$/.test(value))
      throw invalidArgument(field, `${field === 'proceeds' ? 'Proceeds' : 'Expense'} must be in pounds and pence`);
  await deps.inTransaction(async (tx) => {
    const store = pipelineStore(tx);
    const preview = await store.previewForEdit(header.id, req.previewUuid.toLowerCase());
    if (!preview) throw notFound('The preview', 'previewId');
    if (preview.version !== req.version)
      throw new DomainError('ABORTED', 'The preview changed since it was read: reload it and edit it again', 'version');
    if (preview.posted || !['PENDING', 'EDIT'].includes(preview.status))
      throw new DomainError(
        'FAILED_PRECONDITION',
        `Only a PENDING or EDIT preview not yet posted can be edited; it is ${preview.status}`,
        'previewId',
      );
    const pays = preview.expense !== null;
    if (pays && proceeds !== null && !same(proceeds, preview.proceeds))
      throw invalidArgument('proceeds', 'The holder pays on this row: edit its Expense, not Proceeds');
    if (!pays && expense !== null && !same(expense, preview.expense))
      throw invalidArgument('expense', 'The holder receives cash on this row: edit its Proceeds, not Expense');

    const run = (await store.header(req.headerUuid.toLowerCase()))!;
    if (isMovement(run.effect))
      throw new DomainError(
        'FAILED_PRECONDITION',
        "A portfolio movement's rows follow its candidate: edit the candidate's Transfer Quantity or Transfer Percentage",
        'previewId',
      );
    const newHolding = holding ?? preview.holdingQuantity;
    // the row worked out again from the terms for the holding now given (same line, same place in the candidate's rows)
    const worked = candidatePreviews(run, run.lines, {
      holdingQuantity: newHolding,
      decimalPlaces: run.quantityDecimalPlaces,
      group2Quantity: preview.group2Quantity,
    }).filter((r) => r.transactionType === preview.transactionType)[0];
    if (!worked)
      throw invalidArgument('holdingQuantity', 'A holding of this size gives this row nothing: exclude the candidate');
    const typed = pays ? expense : proceeds;
    const before = pays ? preview.expense : preview.proceeds;
    const consideration = typed !== null && !same(typed, before) ? typed : (worked.consideration ?? null);
    await store.editPreview(
      header.id,
      preview.id,
      {
        holdingQuantity: newHolding,
        quantity: worked.quantity ?? null,
        consideration,
        proceeds: pays ? null : consideration,
        expense: pays ? consideration : null,
        marketValue: worked.marketValue ?? null,
      },
      caller.name,
    );
  });
}
