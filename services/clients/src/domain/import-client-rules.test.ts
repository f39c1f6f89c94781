import { describe, expect, it } from 'vitest';
import type { ClientRecord } from './client-record';
import { CLIENT_COLUMNS, prepareClients } from './import-client-rules';
import { readTable } from './import-csv';

const TODAY = '2026-11-27';

const rowsOf = (...lines: string[]) => {
  const table = readTable(lines.join('\n'), CLIENT_COLUMNS);
  expect(table.rejected).toEqual([]);
  return table.rows;
};

// A stored client as client maintenance reads it (only the fields an import compares matter here).
const stored = {
  id: 7,
  uuid: 'c3000000-0000-4000-8000-000000000007',
  code: 'AB1',
  name: 'Anne Bee',
  typeCode: 'INDIVIDUAL',
  stateCode: 'LIVE',
  niNumber: 'QQ123456C',
  uniqueTaxPayerReference: '',
  imsCode: '',
  reportingName: '',
  salutation: '',
  firstName: 'Anne',
  middleNames: '',
  surname: 'Bee',
  dateOfBirth: '1980-01-31',
  deceased: false,
  dateDeceased: null,
  deceasedRepresentative: '',
  probateCompleted: false,
  probateCompletedDate: null,
  giaExecutorsPortfolioAdded: false,
  yearEndOverride: false,
  yearEndInput: null,
  company: false,
  serviceLevelCode: '',
  countryOfResidenceCode: 'GB',
  countryOfDomicileCode: 'GB',
  reportingFrequency: 'ANNUAL',
  electronicReport: false,
  paperlessReport: false,
  printedReport: true,
  clientPortalReport: false,
  fatcaReporting: false,
  crsReporting: false,
  isaReporting: false,
  reportingRestrictionFrom: null,
  relationshipManagerCode: '',
  relationshipManagerName: 'Rita',
  endDate: null,
  familyGroup: '',
  telephone: '',
  mobile: '',
  email: '',
  notes: '',
  overrideReportTypeMapping: false,
  reportTypeMappings: [],
} as unknown as ClientRecord;
const existing = new Map([['AB1', stored]]);

describe('prepareClients', () => {
  it('when a row matches the stored client, then it is prepared unchanged; a changed field makes it a change', () => {
    const again = prepareClients(rowsOf('code,name,relationship_manager', 'AB1,Anne Bee,Ruth'), existing, TODAY);
    expect(again.prepared[0]).toMatchObject({ existingId: 7, changed: true });
    // Columns the file leaves out keep the stored values; the stored code keeps its case.
    expect(again.prepared[0]!.client).toMatchObject({
      code: 'AB1',
      niNumber: 'QQ123456C',
      dateOfBirth: '1980-01-31',
      relationshipManagerName: 'Ruth',
    });
    const same = prepareClients(rowsOf('code,name,relationship_manager', 'ab1,Anne Bee,Rita'), existing, TODAY);
    expect(same.prepared[0]).toMatchObject({ existingId: 7, changed: false });
  });

  it('when a new code has no type, then the form rule names the type column; a new client is LIVE by default', () => {
    const { prepared, rejected } = prepareClients(
      rowsOf('code,name,type', 'N1,No Type,', 'N2,Typed,trust'),
      existing,
      TODAY,
    );
    expect(rejected).toEqual([
      { line: 2, column: 'type', reason: expect.stringMatching(/^Client type must be one of INDIVIDUAL/) },
    ]);
    expect(prepared[0]).toMatchObject({
      existingId: null,
      changed: true,
      client: { typeCode: 'TRUST', stateCode: 'LIVE' },
    });
  });

  it('when a row breaks several rules, then every one is listed by its column', () => {
    const { rejected } = prepareClients(
      rowsOf('code,name,type,ni_number,utr,year_end,fatca_reporting', 'B1,Bad,INDIVIDUAL,X1,12,13-45,perhaps'),
      existing,
      TODAY,
    );
    expect(rejected.map((r) => r.column)).toEqual(['fatca_reporting', 'ni_number', 'utr', 'year_end']);
  });

  it('when a code comes twice in a file, whatever its case, then the second line is refused naming the first', () => {
    const { rejected } = prepareClients(
      rowsOf('code,name,type', 'D1,One,INDIVIDUAL', 'd1,Two,INDIVIDUAL'),
      existing,
      TODAY,
    );
    expect(rejected).toEqual([
      {
        line: 3,
        column: 'code',
        reason: 'Client code d1 is given again (first on line 2): a code may come once a file',
      },
    ]);
  });
});
