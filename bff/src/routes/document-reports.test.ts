// The CA reports of seed 001 §7 through the BFF, against the whole system on a real PostgreSQL: each report call
// answers a short-lived signed link, the link opens without a bearer and answers the CSV, whose rows are worked out
// here by hand; a tampered, expired or other-kind link is refused; another firm's member cannot ask for Ashworth's
// report, and Ashworth's link never shows Brookfield's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '@gains/download-links';
import { isinFromSedol, withSedolCheckDigit } from '../../../services/securities/src/domain/security-codes';
import { expectError, ORG, parseCsv, startTestSystem, type Persona, type TestSystem } from '../test-support';

const LINK_SECRET = 'document-reports-test-secret-of-forty-chars';
let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const ids = { target: 0, sedol: '', header: '', headerCode: '', brookHeaderCode: '', managerName: '' };

/** The header once its candidates are found. */
async function settled(uuid: string, persona: Persona = 'manager', org = ORG.ASHW) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const header = (await t.request('GET', `/api/admin/documents/headers/${uuid}`, as(persona, undefined, org))).body;
    if (header.status !== 'CREATING_CANDIDATES' || Date.now() > deadline) return header;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Opens a link as the new window would: no bearer, no organisation header. */
const open = (url: string) => t.request('GET', url);

beforeAll(async () => {
  t = await startTestSystem({ env: { GAINS_DOWNLOAD_LINK_SECRET: LINK_SECRET } });
  ids.managerName = (await t.request('GET', '/api/user', as('manager'))).body.name;
  const types: Record<string, { uuid: string; lineDefinitions: { uuid: string }[] }> = {};
  for (const type of (await t.request('GET', '/api/admin/documents/headers/types', as('manager'))).body)
    types[type.code] = type;
  // A security of its own, held by two Ashworth portfolios and one of Brookfield's.
  const issuer = (
    await t.request('POST', '/api/admin/securities/issuers', as('admin', { name: 'Report Target Holdings' }))
  ).body.value.uuid;
  ids.sedol = withSedolCheckDigit('BR0C01');
  ids.target = (
    await t.request(
      'POST',
      '/api/admin/securities',
      as('admin', {
        sedol: ids.sedol,
        isin: isinFromSedol('GB', ids.sedol),
        issuer,
        securityName: 'Report Target, "Ordinary" plc',
        reportingName: 'Report Target',
        currency: 'GBP',
        assetClass: 'EQUITY',
      }),
    )
  ).body.value.id;
  const holder = async (persona: Persona, org: string, code: string, portfolios: string[]) => {
    const client = (
      await t.request(
        'POST',
        '/api/admin/clients',
        as(persona, { code, name: `${code} Holder`, typeCode: 'INDIVIDUAL', stateCode: 'LIVE' }, org),
      )
    ).body.uuid;
    const made: string[] = [];
    for (const p of portfolios)
      made.push(
        (
          await t.request(
            'POST',
            '/api/admin/portfolios',
            as(
              persona,
              { code: p, name: `${p} GIA`, taxWrapper: 'GIA', owners: [{ clientUuid: client, percentage: '100' }] },
              org,
            ),
          )
        ).body.uuid,
      );
    return made;
  };
  const buy = async (persona: Persona, org: string, portfolioUuid: string, quantity: string) => {
    const answer = await t.request(
      'POST',
      '/api/customerAdmin/transactions',
      as(
        persona,
        {
          portfolioUuid,
          securityId: ids.target,
          transaction: { type: 'BUY', tradeDate: '2026-08-03', quantity, price: '3', expenses: '0', currency: 'GBP' },
        },
        org,
      ),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };
  const [a, b] = await holder('manager', ORG.ASHW, 'REP-1', ['REP-1-A', 'REP-1-B']);
  await buy('manager', ORG.ASHW, a!, '1000');
  await buy('manager', ORG.ASHW, b!, '1003');
  const [brook] = await holder('brook', ORG.BRKF, 'REP-B', ['REP-B-1']);
  await buy('brook', ORG.BRKF, brook!, '777');

  // 1 new share of security 2 at £4.00 for every 2 held, and £1.50 a share in cash; paid 15 September
  const takeover = async (persona: Persona, org: string) => {
    const layer = (await t.request('GET', `/api/admin/documents/layers/${ids.target}`, as(persona, undefined, org)))
      .body[0].uuid;
    const [shares, cash] = types.TAKEOVER_SHARES_AND_CASH!.lineDefinitions;
    const created = await t.request(
      'POST',
      '/api/admin/documents/headers',
      as(
        persona,
        {
          typeUuid: types.TAKEOVER_SHARES_AND_CASH!.uuid,
          securityId: ids.target,
          exDate: '2026-09-01',
          payDate: '2026-09-15',
          layerUuid: layer,
          lines: [
            { lineDefinitionUuid: shares!.uuid, securityId: 2, rate: '1', perParent: '2', price: '4.00' },
            { lineDefinitionUuid: cash!.uuid, rate: '1.50' },
          ],
        },
        org,
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const header = await settled(created.body.uuid, persona, org);
    expect(header.status).toBe('PENDING');
    return header;
  };
  const header = await takeover('manager', ORG.ASHW);
  ids.header = header.uuid;
  ids.headerCode = header.code;
  ids.brookHeaderCode = (await takeover('brook', ORG.BRKF)).code;

  // Each candidate's CGT cost set by hand (the engine's own figure arrives later, by event): 1,000 at £3.00 is
  // £3,000.00; 1,003 at £3.00 is £3,009.00, plus £0.75 dealing costs: £3,009.75.
  const candidates = (
    await t.request('GET', `/api/admin/documents/headers/${ids.header}/candidates?size=100`, as('manager'))
  ).body.content as { uuid: string; version: number; portfolioCode: string }[];
  for (const [code, holding, cost] of [
    ['REP-1-A', '1000', '3000.00'],
    ['REP-1-B', '1003', '3009.75'],
  ] as const) {
    const c = candidates.find((x) => x.portfolioCode === code)!;
    const saved = await t.request(
      'POST',
      `/api/admin/documents/headers/${ids.header}/candidates/${c.uuid}`,
      as('manager', { version: c.version, holdingQuantity: holding, cgtCost: cost }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
}, 240_000);

afterAll(async () => t?.stop());

const headersBody = (more: Record<string, unknown> = {}) => ({
  searchDateType: 'PAY_DATE',
  from: '2026-09-15',
  to: '2026-09-15',
  ...more,
});

const NOT_A_MEMBER = 'You are not a member of this organisation';

/** One refused report request: who asks (manager unless said; null for no bearer), what, and the answer. */
type Refusal = {
  why: string;
  persona?: Persona | null;
  body: unknown;
  status: number;
  /** the error body's message; left out where only the status is asserted */
  message?: string | RegExp;
  field?: string;
};

async function expectRefusal(path: string, { persona = 'manager', body, status, message, field }: Refusal) {
  const answer = await t.request('POST', path, persona === null ? { body } : as(persona, body));
  if (message === undefined) expect(answer.status).toBe(status);
  else expectError(answer, status, message, field);
}

describe('the CA headers report', () => {
  it('answers a link that opens without a bearer, a CSV of every header field', async () => {
    const asked = await t.request(
      'POST',
      '/api/admin/documents/headers/report-csv',
      as('manager', headersBody({ security: ids.target })),
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(Object.keys(asked.body)).toEqual(['url']);
    expect(asked.body.url).toMatch(/^\/api\/reports\/download\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const file = await open(asked.body.url);
    expect(file.status, String(file.body)).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${today}-document-list.csv"`);
    const [columns, ...rows] = parseCsv(new TextDecoder().decode(file.bytes));
    expect(columns).toEqual([
      'Code',
      'Name',
      'Header Type',
      'Status',
      'Security',
      'SEDOL',
      'ISIN',
      'Ex Date',
      'Pay Date',
      'Trade Date',
      'Layer',
      'Candidates',
      'Successes',
      'Failures',
      'Run Candidates',
      'Run Successes',
      'Run Failures',
      'Runs',
      'Candidates Edited',
      'Previews Edited',
      'Posted Transactions',
      'Created By',
      'Created At',
      'Modified By',
      'Modified At',
      'Version',
      'Organisation',
    ]);
    // Only Ashworth's header of the security, never Brookfield's of the same security and date.
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(columns!.map((c, i) => [c, rows[0]![i]]));
    expect(row).toMatchObject({
      Code: ids.headerCode,
      'Header Type': expect.stringMatching(/takeover/i),
      // both candidates edited: the header is EDIT
      Status: 'EDIT',
      // the name holds a comma and quotes: quoted in the file, whole once parsed
      Security: 'Report Target, "Ordinary" plc',
      SEDOL: ids.sedol,
      ISIN: isinFromSedol('GB', ids.sedol),
      'Ex Date': '2026-09-01',
      'Pay Date': '2026-09-15',
      'Trade Date': '',
      Layer: 'Main event',
      // two holders found, both edited, each candidate's one TAKEOVER row remade by its edit; nothing run
      Candidates: '2',
      Successes: '0',
      Failures: '0',
      Runs: '0',
      'Candidates Edited': '2',
      'Previews Edited': '2',
      'Posted Transactions': '0',
      'Created By': ids.managerName,
      'Modified By': ids.managerName,
      Organisation: expect.stringContaining('Ashworth'),
    });
    expect(row['Created At']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row.Version).toMatch(/^\d+$/);
    expect(new TextDecoder().decode(file.bytes)).toContain('"Report Target, ""Ordinary"" plc"');
  });

  it("never shows another firm's rows: Ashworth's link over the date range lists Ashworth's header, not Brookfield's", async () => {
    // Codes are numbered per firm (both are CA-000001 here), so each row is told apart by its Organisation.
    const rowsOf = async (persona: Persona, org: string) => {
      const asked = await t.request('POST', '/api/admin/documents/headers/report-csv', as(persona, headersBody(), org));
      const [columns, ...rows] = parseCsv(new TextDecoder().decode((await open(asked.body.url)).bytes));
      const at = (name: string) => columns!.indexOf(name);
      return rows.map((r) => [r[at('Code')], r[at('Security')], r[at('Organisation')]!.split(' ')[0]]);
    };
    const ashworth = await rowsOf('manager', ORG.ASHW);
    expect(ashworth).toContainEqual([ids.headerCode, 'Report Target, "Ordinary" plc', 'Ashworth']);
    expect(ashworth.every((r) => r[2] === 'Ashworth')).toBe(true);
    const brookfield = await rowsOf('brook', ORG.BRKF);
    expect(brookfield).toContainEqual([ids.brookHeaderCode, 'Report Target, "Ordinary" plc', 'Brookfield']);
    expect(brookfield.every((r) => r[2] === 'Brookfield')).toBe(true);
  });

  it.each<Refusal>([
    { why: "another firm's member", persona: 'brook', body: headersBody(), status: 403, message: NOT_A_MEMBER },
    // a non-admin and no bearer: refused before the body is read, so only the status is asserted
    { why: 'a non-admin', persona: 'adviser', body: headersBody(), status: 403 },
    { why: 'no bearer', persona: null, body: headersBody(), status: 401 },
    {
      why: 'no searchDateType',
      body: { from: '2026-01-01' },
      status: 400,
      message: 'searchDateType is required: PAY_DATE, EX_DATE, CREATED_DATE or LAST_MODIFIED_DATE',
      field: 'searchDateType',
    },
    {
      why: 'a from not as YYYY-MM-DD',
      body: headersBody({ from: '15/09/2026' }),
      status: 400,
      message: 'from must be a date as YYYY-MM-DD',
      field: 'from',
    },
    {
      why: 'a to before the from',
      body: headersBody({ from: '2026-09-16' }),
      status: 400,
      message: 'To must not be before From',
      field: 'to',
    },
    {
      why: 'an unknown searchDateType',
      body: headersBody({ searchDateType: 'SOMETIME' }),
      status: 400,
      message: /^searchDateType must be one of/,
      field: 'searchDateType',
    },
    {
      why: 'an unknown status',
      body: headersBody({ status: 'HAPPY' }),
      status: 400,
      message: /^status must be one of/,
      field: 'status',
    },
  ])("refuses Ashworth's report for $why", (row) => expectRefusal('/api/admin/documents/headers/report-csv', row));
});

describe('the CA candidates report', () => {
  it('answers a link whose CSV has one row per candidate, figures exact', async () => {
    const asked = await t.request(
      'POST',
      '/api/admin/documents/headers/candidates/report-csv',
      as('manager', { startDate: '2026-09-15', endDate: '2026-09-15', security: ids.target }),
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const file = await open(asked.body.url);
    expect(file.status, String(file.body)).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="\d{4}-\d\d-\d\d-candidates\.csv"$/);
    const [columns, ...rows] = parseCsv(new TextDecoder().decode(file.bytes));
    expect(columns).toEqual([
      'Header Code',
      'Header Type',
      'Header Status',
      'Security',
      'SEDOL',
      'ISIN',
      'Ex Date',
      'Pay Date',
      'Client Code',
      'Client Name',
      'Portfolio Code',
      'Portfolio Name',
      'As At Date',
      'Holding Quantity',
      'CGT Cost',
      'Valuation Cost',
      'Price',
      'Market Valuation',
      'Transfer Quantity',
      'Transfer Percentage',
      'Group 1 Quantity',
      'Group 2 Quantity',
      'Group 1 FIFO',
      'Group 2 FIFO',
      'Group 1 LIFO',
      'Group 2 LIFO',
      'Group 1 Average',
      'Group 2 Average',
      'Status',
      'Failure Reason',
    ]);
    const picked = rows.map((r) => {
      const row = Object.fromEntries(columns!.map((c, i) => [c, r[i]]));
      return [
        row['Header Code'],
        row['Client Code'],
        row['Portfolio Code'],
        row['As At Date'],
        row['Holding Quantity'],
        row['CGT Cost'],
        row.Price,
        row['Market Valuation'],
        row['Transfer Percentage'],
        row['Group 2 FIFO'],
        row.Status,
      ];
    });
    // The two Ashworth holders at the ex-date (Brookfield's 777 never appears), by portfolio code; CGT costs as set
    // above (£3,000.00 and £3,009.75, exact); the new security has no price, so no price or valuation; a takeover
    // moves no percentage and has no equalisation groups; each edited candidate is EDIT.
    expect(picked).toEqual([
      [ids.headerCode, 'REP-1', 'REP-1-A', '2026-09-01', '1000', '3000', '', '', '', '', 'EDIT'],
      [ids.headerCode, 'REP-1', 'REP-1-B', '2026-09-01', '1003', '3009.75', '', '', '', '', 'EDIT'],
    ]);
    expect(rows.every((r) => r[columns!.indexOf('Security')] === 'Report Target, "Ordinary" plc')).toBe(true);
  });

  it.each<Refusal>([
    {
      why: 'an end before the start',
      body: { startDate: '2026-09-15', endDate: '2026-09-14' },
      status: 400,
      message: 'End Date must not be before Start Date',
      field: 'endDate',
    },
    {
      why: 'a start not as YYYY-MM-DD',
      body: { startDate: '2026-9-1' },
      status: 400,
      message: 'startDate must be a date as YYYY-MM-DD',
      field: 'startDate',
    },
    {
      why: "another firm's member",
      persona: 'brook',
      body: { startDate: '2026-09-15', endDate: '2026-09-15' },
      status: 403,
      message: NOT_A_MEMBER,
    },
  ])("refuses Ashworth's candidates report for $why", (row) =>
    expectRefusal('/api/admin/documents/headers/candidates/report-csv', row),
  );
});

describe('the download link', () => {
  const ask = async () =>
    (
      await t.request(
        'POST',
        '/api/admin/documents/headers/report-csv',
        as('manager', headersBody({ security: ids.target })),
      )
    ).body.url as string;

  it('refuses a link with any part changed', async () => {
    const url = await ask();
    const token = url.slice('/api/reports/download/'.length);
    const [body, signature] = token.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const tampered of [
      `${flip(body, 10)}.${signature}`,
      `${flip(body, body.length - 3)}.${signature}`,
      `${body}.${flip(signature, 5)}`,
      `${body}.${signature.slice(0, -2)}`,
    ])
      expectError(await open(`/api/reports/download/${tampered}`), 403, 'This download link is not valid');
    // the untouched link still opens
    expect((await open(url)).status).toBe(200);
  });

  it('refuses a link whose minutes have passed, and one signed for another kind', async () => {
    // Signed with the server's secret but a clock ten minutes back: it expired five minutes ago.
    const user = (await t.request('GET', '/api/user', as('manager'))).body;
    const claims = {
      organisationUuid: ORG.ASHW,
      userUuid: user.uuid,
      kind: 'ca-headers',
      parameters: {
        searchDateType: 'PAY_DATE',
        from: '',
        to: '',
        status: '',
        documentTypeCode: '',
        type: '',
        security: '0',
        layerUuid: '',
      },
      bearer: t.tokens.manager,
    };
    const past = createLinkSigner(LINK_SECRET, () => Date.now() - 10 * 60_000).sign(claims);
    expectError(
      await open(`/api/reports/download/${past}`),
      410,
      'This download link has expired: ask for the report again',
    );
    const other = createLinkSigner(LINK_SECRET).sign({ ...claims, kind: 'cgt-report' });
    expectError(await open(`/api/reports/download/${other}`), 403, 'This download link is for another report');
    // the same claims, fresh, open: only the clock made the difference
    expect((await open(`/api/reports/download/${createLinkSigner(LINK_SECRET).sign(claims)}`)).status).toBe(200);
  });

  it("cannot be made to show another firm's rows: a link naming Ashworth for Brookfield's member is refused by the service", async () => {
    const brook = (await t.request('GET', '/api/user', as('brook', undefined, ORG.BRKF))).body;
    const forged = createLinkSigner(LINK_SECRET).sign({
      organisationUuid: ORG.ASHW,
      userUuid: brook.uuid,
      kind: 'ca-headers',
      parameters: {
        searchDateType: 'PAY_DATE',
        from: '',
        to: '',
        status: '',
        documentTypeCode: '',
        type: '',
        security: '0',
        layerUuid: '',
      },
      bearer: t.tokens.brook,
    });
    expectError(await open(`/api/reports/download/${forged}`), 403, 'You are not a member of this organisation');
  });
});
