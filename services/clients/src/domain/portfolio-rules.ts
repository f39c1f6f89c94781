import { isUuid } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { canonicalDecimal, decimalProblem, sum, toScaled } from './decimal-rules';

/** The rules of a portfolio as saved, pure. Fields are named as the REST body spells them (`portfolio.code`). */

export const TAX_WRAPPERS = ['GIA', 'ISA', 'PENSION'] as const;
export const PORTFOLIO_STATES = ['LIVE', 'CLOSED'] as const;
export const PORTFOLIO_TYPES = ['ADVISORY', 'DISCRETIONARY', 'EXECUTION_ONLY', 'CUSTODY', 'OTHER'] as const;
const PERCENT_SCALE = 6;

export interface RawPortfolio {
  code: string;
  name: string;
  type: string;
  state: string;
  currency: string;
  taxWrapper: string;
  owners: { clientUuid: string; percentage: string }[];
}

export interface CheckedPortfolio {
  code: string;
  name: string;
  type: string;
  state: string;
  currency: string;
  taxWrapper: string;
  owners: { clientUuid: string; percentage: string }[];
}

/** ISA and pension portfolios are valued but outside CGT: their holdings are never computed. */
export function calculationStatusFor(taxWrapper: string): 'EXCLUDED' | 'PENDING' {
  return taxWrapper === 'ISA' || taxWrapper === 'PENSION' ? 'EXCLUDED' : 'PENDING';
}

export function checkPortfolio(raw: RawPortfolio): CheckedPortfolio {
  const fail = (field: string, message: string): never => {
    throw invalidArgument(`portfolio.${field}`, message);
  };
  const code = raw.code.trim();
  if (!code) fail('code', 'code is required');
  if (code.length > 40) fail('code', 'code must be at most 40 characters');
  const name = raw.name.trim();
  if (!name) fail('name', 'name is required');
  if (name.length > 200) fail('name', 'name must be at most 200 characters');
  const type = raw.type.trim().toUpperCase() || 'ADVISORY';
  if (!(PORTFOLIO_TYPES as readonly string[]).includes(type)) {
    fail('type', `type must be one of ${PORTFOLIO_TYPES.join(', ')}`);
  }
  const state = raw.state.trim().toUpperCase() || 'LIVE';
  if (!(PORTFOLIO_STATES as readonly string[]).includes(state)) fail('state', 'state must be LIVE or CLOSED');
  const currency = raw.currency.trim().toUpperCase() || 'GBP';
  if (!/^[A-Z]{3}$/.test(currency)) fail('currency', 'currency must be a 3-letter ISO code such as GBP');
  const taxWrapper = raw.taxWrapper.trim().toUpperCase() || 'GIA';
  if (!(TAX_WRAPPERS as readonly string[]).includes(taxWrapper))
    fail('taxWrapper', 'taxWrapper must be GIA, ISA or PENSION');

  if (raw.owners.length === 0) fail('owners', 'A portfolio must have at least one owner');
  if (raw.owners.length > 20) fail('owners', 'A portfolio may have at most 20 owners');
  const seen = new Set<string>();
  const owners = raw.owners.map((owner, i) => {
    const clientUuid = owner.clientUuid.trim().toLowerCase();
    if (!isUuid(clientUuid)) fail(`owners.${i}.clientUuid`, 'clientUuid must be a uuid');
    if (seen.has(clientUuid)) fail(`owners.${i}.clientUuid`, 'A client may own a portfolio only once');
    seen.add(clientUuid);
    const problem = decimalProblem('percentage', owner.percentage, PERCENT_SCALE, 'positive');
    if (problem) fail(`owners.${i}.percentage`, problem);
    return { clientUuid, percentage: canonicalDecimal(owner.percentage) };
  });
  const total = sum(
    owners.map((o) => o.percentage),
    PERCENT_SCALE,
  );
  if (toScaled(total, PERCENT_SCALE) !== 100n * 10n ** BigInt(PERCENT_SCALE)) {
    fail('owners', 'Ownership percentages must sum to 100');
  }
  return { code, name, type, state, currency, taxWrapper, owners };
}
