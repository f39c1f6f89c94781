import type { ClassificationUpdate, ClassificationUpdateResult, Security } from '@gains/contracts';
import { ASSET_CLASS_LABELS, CGT_CLASS_LABELS, STATUS_LABELS } from './security-rules';

/** The classification fields Security Maintenance edits in the grid. */
export const CLASSIFICATION_FIELDS = ['assetClass', 'cgtClass', 'status', 'quantityDecimalPlaces'] as const;
export type ClassificationField = (typeof CLASSIFICATION_FIELDS)[number];
type Changes = Partial<Pick<Security, ClassificationField>>;

export const CLASSIFICATION_LABELS: Record<ClassificationField, string> = {
  assetClass: 'Asset class',
  cgtClass: 'CGT class',
  status: 'Status',
  quantityDecimalPlaces: 'Quantity decimals',
};

/** The edits not yet saved, by security id: the row as it was, and only the fields that now differ. */
export type ClassificationEdits = Record<number, { original: Security; changes: Changes }>;

/**
 * The edits after one cell changes. A value put back to what it was is no edit; a row with no edit left
 * drops out. The edits never change in place.
 */
export function applyEdit(
  edits: ClassificationEdits,
  original: Security,
  field: ClassificationField,
  value: Security[ClassificationField],
): ClassificationEdits {
  const base = edits[original.id]?.original ?? original;
  const changes: Changes = { ...edits[original.id]?.changes };
  if (base[field] === value) delete changes[field];
  else (changes as Record<string, unknown>)[field] = value;
  const next = { ...edits };
  if (Object.keys(changes).length === 0) delete next[original.id];
  else next[original.id] = { original: base, changes };
  return next;
}

/** Whether a security's field has an unsaved edit. */
export function isEdited(edits: ClassificationEdits, id: number, field: string): boolean {
  return field in (edits[id]?.changes ?? {});
}

/** A row as the grid shows it: the server's row with the unsaved edits over it. */
export function withEdits(row: Security, edits: ClassificationEdits): Security {
  const changes = edits[row.id]?.changes;
  return changes ? { ...row, ...changes } : { ...row };
}

/** The body rows of PUT /admin/securities/classification: only the fields that change. */
export function toUpdates(edits: ClassificationEdits): ClassificationUpdate[] {
  return Object.values(edits).map(({ original, changes }) => ({ id: original.id, ...changes }));
}

export interface ChangeLine {
  key: string;
  securityId: number;
  security: string;
  field: string;
  from: string;
  to: string;
}

function valueLabel(field: ClassificationField, value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (field === 'assetClass') return ASSET_CLASS_LABELS[value as keyof typeof ASSET_CLASS_LABELS] ?? String(value);
  if (field === 'cgtClass') return CGT_CLASS_LABELS[value as keyof typeof CGT_CLASS_LABELS] ?? String(value);
  if (field === 'status') return STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? String(value);
  return String(value);
}

/** What will change, one line per field: "Acme plc (B0YBKJ7) · Status · Active → Suspended". */
export function changeLines(edits: ClassificationEdits): ChangeLine[] {
  return Object.values(edits).flatMap(({ original, changes }) =>
    CLASSIFICATION_FIELDS.filter((f) => f in changes).map((field) => ({
      key: `${original.id}.${field}`,
      securityId: original.id,
      security: `${original.securityName}${original.sedol ? ` (${original.sedol})` : ''}`,
      field: CLASSIFICATION_LABELS[field],
      from: valueLabel(field, original[field]),
      to: valueLabel(field, changes[field]),
    })),
  );
}

/** A server error's field `updates.2.status` → the security and field it names, for the message. */
export function describeUpdateField(
  field: string | undefined,
  updates: ClassificationUpdate[],
  edits: ClassificationEdits,
) {
  const match = /^updates\.(\d+)\.?(\w*)$/.exec(field ?? '');
  if (!match) return undefined;
  const update = updates[Number(match[1])];
  const original = update && edits[update.id]?.original;
  if (!original) return undefined;
  const label = CLASSIFICATION_LABELS[match[2] as ClassificationField] ?? match[2];
  return `${original.securityName}${original.sedol ? ` (${original.sedol})` : ''}${label ? `, ${label}` : ''}`;
}

/** What a save did, in a sentence. */
export function resultSummary(result: ClassificationUpdateResult, lines: number): string {
  const fields = `${lines} ${lines === 1 ? 'change' : 'changes'}`;
  if (result.applied) {
    const n = result.securities.length;
    return `Saved ${fields} to ${n} ${n === 1 ? 'security' : 'securities'}.`;
  }
  const n = result.changes.length;
  return `Sent ${fields} to ${n} ${n === 1 ? 'security' : 'securities'} for approval by a provider administrator.`;
}
