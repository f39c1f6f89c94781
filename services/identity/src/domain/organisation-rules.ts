import { invalidArgument } from '@gains/errors';
import type { CustomerSettings, OrganisationData } from '../store/organisation-store';

/** The kinds of organisation and which kind each may sit under. */
export const ORGANISATION_TYPES = [
  { code: 'PROVIDER', name: 'Provider', parentTypeCode: '' },
  { code: 'FIRM', name: 'Firm', parentTypeCode: 'PROVIDER' },
  { code: 'BRANCH', name: 'Branch', parentTypeCode: 'FIRM' },
] as const;

export function organisationType(code: string) {
  return ORGANISATION_TYPES.find((t) => t.code === code);
}

export interface OrganisationInput {
  code: string;
  name: string;
  type: string;
  parent?: number | null;
  serviceLevelId?: number | null;
  ignoreBfLoss?: boolean;
  notes?: string;
  mfaRequired?: boolean;
  customer?: Partial<CustomerSettings> | null;
}

const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;

/** Checks and normalises an organisation body; the first problem names its field. */
export function checkOrganisation(input: OrganisationInput): OrganisationData {
  const code = input.code?.trim() ?? '';
  if (!code) throw invalidArgument('code', 'Code is required');
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(code)) {
    throw invalidArgument('code', 'Code must be up to 20 letters, digits, - or _');
  }
  const name = input.name?.trim() ?? '';
  if (!name) throw invalidArgument('name', 'Name is required');
  if (name.length > 200) throw invalidArgument('name', 'Name must be at most 200 characters');
  if (!input.type) throw invalidArgument('type', 'Type is required');
  if (!organisationType(input.type)) throw invalidArgument('type', 'Type is not a known organisation type');
  const notes = input.notes ?? '';
  if (notes.length > 2000) throw invalidArgument('notes', 'Notes must be at most 2000 characters');
  return {
    code: code.toUpperCase(),
    name,
    type: input.type,
    parentId: input.parent ?? null,
    serviceLevelId: input.serviceLevelId ?? null,
    ignoreBfLoss: input.ignoreBfLoss ?? false,
    notes,
    mfaRequired: input.mfaRequired ?? false,
    customer: input.customer ? checkCustomer(input.customer) : null,
  };
}

function checkCustomer(c: Partial<CustomerSettings>): CustomerSettings {
  const usePriceAgingDays = c.usePriceAgingDays ?? false;
  const oldPriceAgeDays = c.oldPriceAgeDays ?? null;
  if (
    oldPriceAgeDays !== null &&
    (!Number.isInteger(oldPriceAgeDays) || oldPriceAgeDays < 0 || oldPriceAgeDays > 3650)
  ) {
    throw invalidArgument('customer.oldPriceAgeDays', 'Old price age must be a whole number of days from 0 to 3650');
  }
  if (usePriceAgingDays && oldPriceAgeDays === null) {
    throw invalidArgument('customer.oldPriceAgeDays', 'Old price age is required when price aging is used');
  }
  const holdingVariance = (c.holdingVariance ?? '').trim();
  if (holdingVariance && !DECIMAL.test(holdingVariance)) {
    throw invalidArgument('customer.holdingVariance', 'Holding variance must be a number');
  }
  const valuationCostVariance = (c.valuationCostVariance ?? '').trim();
  if (valuationCostVariance && !DECIMAL.test(valuationCostVariance)) {
    throw invalidArgument('customer.valuationCostVariance', 'Valuation cost variance must be a number');
  }
  return {
    usePriceAgingDays,
    oldPriceAgeDays,
    reconcileCost: c.reconcileCost ?? false,
    holdingVariance,
    valuationCostVariance,
    allowClientTypeUpdateViaFeed: c.allowClientTypeUpdateViaFeed ?? false,
  };
}
