import type { StaticDataChange, StaticDataValue } from '@gains/contracts';
import { ASSET_CLASS_LABELS, CGT_CLASS_LABELS, STATUS_LABELS } from './security-rules';

export interface FieldChange {
  field: string;
  label: string;
  oldText: string;
  newText: string;
}

const FIELD_LABELS: Record<string, string> = {
  sedol: 'SEDOL',
  isin: 'ISIN',
  issuer: 'Issuer',
  issuerName: 'Issuer',
  securityName: 'Security name',
  reportingName: 'Reporting name',
  securityDescription: 'Description',
  securityLongDescription: 'Long description',
  currency: 'Currency',
  assetClass: 'Asset class',
  cgtClass: 'CGT class',
  quantityDecimalPlaces: 'Quantity decimals',
  status: 'Status',
  name: 'Name',
  longName: 'Long name',
};

const CODED: Record<string, Record<string, string>> = {
  assetClass: ASSET_CLASS_LABELS,
  cgtClass: CGT_CLASS_LABELS,
  status: STATUS_LABELS,
};

/** How a value reads in a diff: coded values by their label, nothing as '-'. */
export function valueText(field: string, value: StaticDataValue | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = String(value);
  return CODED[field]?.[text] ?? text;
}

/** The fields a change touches, in a stable order (the form's), with old and new values as text. */
export function changedFields(change: Pick<StaticDataChange, 'oldValues' | 'newValues'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(change.newValues), ...Object.keys(change.oldValues)])];
  const order = Object.keys(FIELD_LABELS);
  fields.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
  return fields
    .map((field) => ({
      field,
      label: FIELD_LABELS[field] ?? field,
      oldText: valueText(field, change.oldValues[field]),
      newText: valueText(field, change.newValues[field]),
    }))
    .filter((f) => f.oldText !== f.newText);
}
