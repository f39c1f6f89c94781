import { INCOME_TYPE_ITEMS } from '@gains/access';
import { assertMember, type Caller } from '@gains/auth';

/**
 * The coded lists client maintenance runs on (seed 000 §3, §7: client types, states, relationship types,
 * address statuses, reporting frequencies; countries of residence and domicile; income types of the
 * ledger's income transactions). Data in code: they change with a release, not at run time.
 */
export interface ReferenceItem {
  code: string;
  name: string;
  /** Its place in the list, from 1: stable, since lists only ever append. */
  id: number;
}

const item = (code: string, name: string) => ({ code, name });
/** Numbers a list's items by their place (from 1). */
const numbered = (items: { code: string; name: string }[]): ReferenceItem[] =>
  items.map((it, i) => ({ ...it, id: i + 1 }));

export const CLIENT_TYPES: ReferenceItem[] = numbered([
  item('INDIVIDUAL', 'Individual'),
  item('JOINT', 'Joint'),
  item('TRUST', 'Trust'),
  item('COMPANY', 'Company'),
  item('PERSONAL_REPRESENTATIVE', 'Personal Representative'),
  item('CHARITY', 'Charity'),
  item('VULNERABLE_TRUST', 'Trust for a vulnerable beneficiary'),
]);

export const CLIENT_STATES: ReferenceItem[] = numbered([
  item('LIVE', 'Live'),
  item('CLOSED', 'Closed'),
  item('DORMANT', 'Dormant'),
  item('PENDING', 'Pending'),
]);

export const RELATIONSHIP_TYPES: ReferenceItem[] = numbered([
  item('SPOUSE', 'Spouse or civil partner'),
  item('PARENT', 'Parent'),
  item('CHILD', 'Child'),
  item('TRUSTEE', 'Trustee'),
  item('BENEFICIARY', 'Beneficiary'),
  item('SETTLOR', 'Settlor'),
  item('EXECUTOR', 'Executor'),
  item('ATTORNEY', 'Attorney'),
  item('DIRECTOR', 'Director'),
]);

export const ADDRESS_STATUSES: ReferenceItem[] = numbered([
  item('CURRENT', 'Current'),
  item('PREVIOUS', 'Previous'),
  item('RETURNED', 'Returned mail'),
]);

export const REPORTING_FREQUENCIES: ReferenceItem[] = numbered([
  item('ANNUAL', 'Annual'),
  item('HALF_YEARLY', 'Half-yearly'),
  item('QUARTERLY', 'Quarterly'),
  item('MONTHLY', 'Monthly'),
]);

export const INCOME_TYPES: ReferenceItem[] = numbered([...INCOME_TYPE_ITEMS]);

/** ISO 3166-1 alpha-2, the countries clients most often live in or are domiciled in. */
export const COUNTRIES: ReferenceItem[] = [
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['JE', 'Jersey'],
  ['GG', 'Guernsey'],
  ['IM', 'Isle of Man'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['ES', 'Spain'],
  ['PT', 'Portugal'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['LU', 'Luxembourg'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['PL', 'Poland'],
  ['GR', 'Greece'],
  ['CY', 'Cyprus'],
  ['MT', 'Malta'],
  ['GI', 'Gibraltar'],
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['ZA', 'South Africa'],
  ['IN', 'India'],
  ['PK', 'Pakistan'],
  ['HK', 'Hong Kong'],
  ['SG', 'Singapore'],
  ['AE', 'United Arab Emirates'],
  ['JP', 'Japan'],
  ['CN', 'China'],
  ['BR', 'Brazil'],
  ['KY', 'Cayman Islands'],
  ['BM', 'Bermuda'],
  ['VG', 'British Virgin Islands'],
].map(([code, name], i) => ({ code: code!, name: name!, id: i + 1 }));

/** Every list, for any member of the organisation named. */
export function listReferenceLists(caller: Caller, organisationUuid: string) {
  assertMember(caller, organisationUuid);
  return {
    countries: COUNTRIES,
    clientTypes: CLIENT_TYPES,
    clientStates: CLIENT_STATES,
    relationshipTypes: RELATIONSHIP_TYPES,
    addressStatuses: ADDRESS_STATUSES,
    reportingFrequencies: REPORTING_FREQUENCIES,
    incomeTypes: INCOME_TYPES,
  };
}
