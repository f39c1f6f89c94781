import { DomainError } from '@gains/errors';
import { checkClient, type CheckedClient, type RawClient } from './client-rules';
import type { ClientRecord } from './client-record';
import type { ColumnSpec, CsvRow, RejectedRow } from './import-csv';

/**
 * The rules of a clients import file, pure. A row is the client maintenance form's own fields, checked by the
 * form's rules (checkClient), so a file row passes exactly when the form would take it. The code is the natural
 * key: a code of the organisation updates that client (the columns the file leaves out keep their values), a new
 * code creates one; a row that changes nothing is skipped. Addresses, relationships and tax overrides are the
 * form's and never touched by an import.
 */

type Kind = 'text' | 'bool' | 'date';
interface ClientField {
  column: string;
  field: keyof RawClient;
  kind: Kind;
  aliases?: string[];
}

const FIELDS: readonly ClientField[] = [
  { column: 'code', field: 'code', kind: 'text', aliases: ['client', 'client_code'] },
  { column: 'name', field: 'name', kind: 'text', aliases: ['client_name', 'full_name'] },
  { column: 'type', field: 'typeCode', kind: 'text', aliases: ['client_type', 'type_code'] },
  { column: 'state', field: 'stateCode', kind: 'text', aliases: ['status', 'client_state', 'state_code'] },
  { column: 'ims_code', field: 'imsCode', kind: 'text' },
  { column: 'reporting_name', field: 'reportingName', kind: 'text' },
  { column: 'salutation', field: 'salutation', kind: 'text', aliases: ['title'] },
  { column: 'first_name', field: 'firstName', kind: 'text', aliases: ['forename'] },
  { column: 'middle_names', field: 'middleNames', kind: 'text' },
  { column: 'surname', field: 'surname', kind: 'text', aliases: ['last_name'] },
  { column: 'date_of_birth', field: 'dateOfBirth', kind: 'date', aliases: ['dob', 'birth_date'] },
  { column: 'ni_number', field: 'niNumber', kind: 'text', aliases: ['national_insurance_number', 'nino'] },
  {
    column: 'utr',
    field: 'uniqueTaxPayerReference',
    kind: 'text',
    aliases: ['tax_reference', 'unique_tax_payer_reference', 'unique_taxpayer_reference'],
  },
  { column: 'deceased', field: 'deceased', kind: 'bool' },
  { column: 'date_deceased', field: 'dateDeceased', kind: 'date' },
  { column: 'deceased_representative', field: 'deceasedRepresentative', kind: 'text' },
  { column: 'probate_completed', field: 'probateCompleted', kind: 'bool' },
  { column: 'probate_completed_date', field: 'probateCompletedDate', kind: 'date' },
  { column: 'gia_executors_portfolio_added', field: 'giaExecutorsPortfolioAdded', kind: 'bool' },
  // A year end given is an override of the tax year's end (a company's accounting year); none, no override.
  { column: 'year_end', field: 'yearEndInput', kind: 'text', aliases: ['year_end_input'] },
  { column: 'company', field: 'company', kind: 'bool' },
  { column: 'service_level', field: 'serviceLevelCode', kind: 'text' },
  { column: 'country_of_residence', field: 'countryOfResidenceCode', kind: 'text', aliases: ['residence'] },
  { column: 'country_of_domicile', field: 'countryOfDomicileCode', kind: 'text', aliases: ['domicile'] },
  { column: 'reporting_frequency', field: 'reportingFrequency', kind: 'text' },
  { column: 'electronic_report', field: 'electronicReport', kind: 'bool' },
  { column: 'paperless_report', field: 'paperlessReport', kind: 'bool' },
  { column: 'printed_report', field: 'printedReport', kind: 'bool' },
  { column: 'client_portal_report', field: 'clientPortalReport', kind: 'bool' },
  { column: 'fatca_reporting', field: 'fatcaReporting', kind: 'bool' },
  { column: 'crs_reporting', field: 'crsReporting', kind: 'bool' },
  { column: 'isa_reporting', field: 'isaReporting', kind: 'bool' },
  { column: 'reporting_restriction_from', field: 'reportingRestrictionFrom', kind: 'date' },
  { column: 'relationship_manager_code', field: 'relationshipManagerCode', kind: 'text' },
  {
    column: 'relationship_manager',
    field: 'relationshipManagerName',
    kind: 'text',
    aliases: ['relationship_manager_name', 'manager'],
  },
  { column: 'end_date', field: 'endDate', kind: 'date' },
  { column: 'family_group', field: 'familyGroup', kind: 'text' },
  { column: 'telephone', field: 'telephone', kind: 'text', aliases: ['phone'] },
  { column: 'mobile', field: 'mobile', kind: 'text' },
  { column: 'email', field: 'email', kind: 'text' },
  { column: 'notes', field: 'notes', kind: 'text' },
];

export const CLIENT_COLUMNS: readonly ColumnSpec[] = FIELDS.map((f) => ({
  name: f.column,
  ...(f.aliases ? { aliases: f.aliases } : {}),
  ...(f.column === 'code' || f.column === 'name' ? { required: true } : {}),
}));

const COLUMN_OF = new Map<string, string>(FIELDS.map((f) => [f.field, f.column]));
COLUMN_OF.set('yearEndOverride', 'year_end');

/** An empty client (what a new code starts from): the form's defaults, a new client LIVE unless the file says. */
export function blankClient(): RawClient {
  return {
    code: '',
    imsCode: '',
    name: '',
    reportingName: '',
    salutation: '',
    firstName: '',
    middleNames: '',
    surname: '',
    niNumber: '',
    uniqueTaxPayerReference: '',
    deceased: false,
    deceasedRepresentative: '',
    probateCompleted: false,
    giaExecutorsPortfolioAdded: false,
    yearEndOverride: false,
    company: false,
    typeCode: '',
    stateCode: 'LIVE',
    serviceLevelCode: '',
    countryOfResidenceCode: '',
    countryOfDomicileCode: '',
    reportingFrequency: '',
    electronicReport: false,
    paperlessReport: false,
    printedReport: true,
    clientPortalReport: false,
    fatcaReporting: false,
    crsReporting: false,
    isaReporting: false,
    relationshipManagerCode: '',
    relationshipManagerName: '',
    familyGroup: '',
    telephone: '',
    mobile: '',
    email: '',
    notes: '',
    overrideReportTypeMapping: false,
    reportTypeMappings: [],
    addresses: [],
    relationships: [],
    taxOverrides: [],
  };
}

/** A stored client as the form's input, without its nested lists (an import leaves those as they are). */
export function rawClientOf(record: ClientRecord): RawClient {
  const date = (d: string | null) => d ?? undefined;
  return {
    ...blankClient(),
    ...Object.fromEntries(FIELDS.map((f) => [f.field, record[f.field as keyof ClientRecord]])),
    dateOfBirth: date(record.dateOfBirth),
    dateDeceased: date(record.dateDeceased),
    probateCompletedDate: date(record.probateCompletedDate),
    reportingRestrictionFrom: date(record.reportingRestrictionFrom),
    endDate: date(record.endDate),
    yearEndOverride: record.yearEndOverride,
    yearEndInput: record.yearEndInput ?? undefined,
    overrideReportTypeMapping: record.overrideReportTypeMapping,
    reportTypeMappings: record.reportTypeMappings,
  } as RawClient;
}

// A client every rule takes: a field in error is replaced by its value to find the row's next problem.
const PLACEHOLDER: RawClient = { ...blankClient(), code: 'X', name: 'X', typeCode: 'INDIVIDUAL', stateCode: 'LIVE' };

/**
 * Every problem of one client by the form's rules: checkClient stops at the first, so the field in error takes a
 * value the rules accept and the client is checked again, until it passes or a field fails twice.
 */
export function clientProblems(
  raw: RawClient,
  today: string,
): { checked: CheckedClient | null; problems: { field: string; reason: string }[] } {
  const problems: { field: string; reason: string }[] = [];
  let attempt: RawClient = raw;
  for (;;) {
    try {
      const checked = checkClient(attempt, today);
      return { checked: problems.length === 0 ? checked : null, problems };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const field = error.field ?? '';
      if (problems.some((p) => p.field === field)) return { checked: null, problems };
      problems.push({ field, reason: error.message });
      const key = field.split('.')[0] as keyof RawClient;
      if (!(key in PLACEHOLDER)) return { checked: null, problems };
      attempt = { ...attempt, [key]: PLACEHOLDER[key] };
    }
  }
}

const TRUE = new Set(['yes', 'y', 'true', '1']);
const FALSE = new Set(['no', 'n', 'false', '0', '']);

/** A client of a file ready to write: new (existingId null) or a change to the organisation's client. */
export interface PreparedClient {
  line: number;
  existingId: number | null;
  client: CheckedClient;
  /** false: the row matches the stored client, nothing to write */
  changed: boolean;
}

/** The fields an import writes, compared to tell a changed client from one imported before. */
function sameClient(a: RawClient, b: RawClient): boolean {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return FIELDS.every((f) => text(a[f.field]) === text(b[f.field])) && a.yearEndOverride === b.yearEndOverride;
}

/**
 * The clients of a file: each row's cells over the stored client of its code (or a blank one), checked by the
 * form's rules. A code given twice in a file is refused on its second line. All rows are checked; the bad ones are
 * every rejected row.
 */
export function prepareClients(
  rows: readonly CsvRow[],
  /** the organisation's clients by code, upper case */
  existing: ReadonlyMap<string, ClientRecord>,
  today: string,
): { prepared: PreparedClient[]; rejected: RejectedRow[] } {
  const prepared: PreparedClient[] = [];
  const rejected: RejectedRow[] = [];
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    let bad = false;
    const reject = (column: string, reason: string) => {
      bad = true;
      rejected.push({ line: row.line, column, reason });
    };
    const code = (row.cells.code ?? '').toUpperCase();
    const earlier = code ? firstLine.get(code) : undefined;
    if (earlier !== undefined) {
      reject(
        'code',
        `Client code ${row.cells.code} is given again (first on line ${earlier}): a code may come once a file`,
      );
      continue;
    }
    if (code) firstLine.set(code, row.line);
    const stored = existing.get(code);
    const before = stored ? rawClientOf(stored) : blankClient();
    const raw: RawClient = { ...before };
    const values = raw as unknown as Record<string, unknown>;
    for (const f of FIELDS) {
      const cell = row.cells[f.column];
      if (cell === undefined) continue; // a column the file leaves out keeps the stored value
      if (f.kind === 'bool') {
        const word = cell.toLowerCase();
        if (TRUE.has(word)) values[f.field] = true;
        else if (FALSE.has(word)) values[f.field] = false;
        else reject(f.column, `${f.column} must be yes or no (also true/false, y/n, 1/0); ${cell} is neither`);
      } else if (f.kind === 'date') values[f.field] = cell || undefined;
      else values[f.field] = cell;
    }
    if (row.cells.year_end !== undefined) {
      raw.yearEndOverride = row.cells.year_end !== '';
      raw.yearEndInput = row.cells.year_end || undefined;
    }
    // A stored client keeps its code as stored when the file spells it in another case.
    if (stored) raw.code = stored.code;
    const { checked, problems } = clientProblems(raw, today);
    for (const p of problems) reject(COLUMN_OF.get(p.field.split('.')[0]!) ?? p.field, p.reason);
    if (bad || !checked) continue;
    prepared.push({
      line: row.line,
      existingId: stored?.id ?? null,
      client: checked,
      changed: !stored || !sameClient(checked, before),
    });
  }
  return { prepared, rejected };
}

/** The columns of a clients file, for the upload page's hint. */
export const CLIENT_COLUMN_NAMES = FIELDS.map((f) => f.column);
