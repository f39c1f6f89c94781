// The CGT report (issue 27; seed 000 §7 POST /clients/cgt-report) against the real system: a hand-worked ledger is
// posted, the tax engine computes and stores it, the report is asked for (the reports service's REPORT job renders
// it from the services' figures as itself), kept by the reports service, listed in
// the client's reports and downloaded through its signed link; the PDF is read with pdftotext and the CSV parsed,
// every figure compared with the arithmetic below. Links: tampered and expired refused; another firm refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLinkSigner } from '@gains/download-links';
import { pdfPages } from '@gains/pdf/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORG,
  expectError,
  parseCsv,
  startTestSystem,
  type Answer,
  type Persona,
  type TestSystem,
} from '../test-support';

const LINK_SECRET = 'client-reports-test-secret-of-forty-chars';
let t: TestSystem;
const ids = { clientUuid: '', year2324: '', year2425: '', quietYear: '', quietLabel: '' };
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const open = (url: string) => t.request('GET', url);

// Worked by hand (one security, one portfolio, no expenses):
// 2023-05-01 BUY 1,000 at £4.00: the pool is 1,000 costing £4,000.00.
// 2023-09-01 SELL 400 at £5.00 = £2,000.00; nothing bought that day or in the 30 days after, so all from the pool:
//   cost £4,000.00 x 400/1,000 = £1,600.00; gain £2,000.00 - £1,600.00 = £400.00; pool after 600 costing £2,400.00.
//   2023-24: gains £400.00, below the £6,000.00 exempt amount: taxable gain £0.00.
// 2024-11-15 SELL 200 at £3.50 = £700.00: cost £2,400.00 x 200/600 = £800.00; loss £100.00; pool after 400 costing
//   £1,600.00. 2024-25: losses £100.00, carried forward.
const LEDGER = [
  { type: 'BUY', tradeDate: '2023-05-01', quantity: '1000', price: '4.00', expenses: '0.00' },
  { type: 'SELL', tradeDate: '2023-09-01', quantity: '400', price: '5.00', expenses: '0.00' },
  { type: 'SELL', tradeDate: '2024-11-15', quantity: '200', price: '3.50', expenses: '0.00' },
];

async function ok(answer: Answer, status = 200): Promise<any> {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  return answer.body;
}

beforeAll(async () => {
  t = await startTestSystem({
    password: 'Cgt-report-1!',
    env: {
      GAINS_DOWNLOAD_LINK_SECRET: LINK_SECRET,
      GAINS_FILES_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'gains-cgt-report-')),
    },
  });
  const client = await ok(
    await t.request('POST', '/api/admin/clients', {
      ...as('manager'),
      body: { code: 'CGT-1', name: 'Report Client', typeCode: 'INDIVIDUAL', stateCode: 'LIVE' },
    }),
    201,
  );
  ids.clientUuid = client.uuid;
  const portfolio = await ok(
    await t.request('POST', '/api/admin/portfolios', {
      ...as('manager'),
      body: {
        code: 'CGT-P',
        name: 'Reported',
        taxWrapper: 'GIA',
        owners: [{ clientUuid: ids.clientUuid, percentage: '100' }],
      },
    }),
    201,
  );
  for (const row of LEDGER) {
    await ok(
      await t.request('POST', '/api/customerAdmin/transactions', {
        ...as('manager'),
        body: { portfolioUuid: portfolio.uuid, securityId: 1, transaction: { ...row, currency: 'GBP' } },
      }),
      201,
    );
  }
  // The postings queue the client; wait for the run that computed all three rows.
  const deadline = Date.now() + 60_000;
  let computed = false;
  while (!computed && Date.now() < deadline) {
    const runs = await ok(
      await t.request('GET', `/api/admin/calculations?clientUUID=${ids.clientUuid}&size=1`, as('manager')),
    );
    const latest = runs.content[0];
    computed = latest?.transactions === 3 && latest?.disposals === 2;
    if (!computed) await new Promise((r) => setTimeout(r, 250));
  }
  expect(computed, 'the engine computed the posted ledger').toBe(true);
  const years = await ok(await t.request('GET', `/api/clients/${ids.clientUuid}/tax-years`, as('manager')));
  ids.year2324 = years.find((y: any) => y.label === '2023-24')?.uuid;
  ids.year2425 = years.find((y: any) => y.label === '2024-25')?.uuid;
  expect(ids.year2324 && ids.year2425, JSON.stringify(years)).toBeTruthy();
  const quiet = years.find((y: any) => !['2023-24', '2024-25'].includes(y.label));
  ids.quietYear = quiet?.uuid ?? '';
  ids.quietLabel = quiet?.label ?? '';
}, 180_000);

afterAll(async () => t?.stop());

const ask = async (taxYearUuid: string, format: 'pdf' | 'csv', persona: Persona = 'manager') =>
  (
    await ok(
      await t.request(
        'POST',
        '/api/clients/cgt-report',
        as(persona, { clientUuid: ids.clientUuid, taxYearUuid, format }),
      ),
    )
  ).url as string;

describe('the CGT report', () => {
  it('when asked for as PDF, then the link opens a PDF with the firm, the client and the figures worked by hand', async () => {
    const url = await ask(ids.year2324, 'pdf');
    expect(url).toMatch(/^\/api\/reports\/download\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const file = await open(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('CGT-1-cgt-report-2023-24.pdf');
    const pages = pdfPages(file.bytes);
    const text = pages.join('\n');
    fs.writeFileSync(path.join(os.tmpdir(), 'cgt-report-test.pdf'), file.bytes);
    expect(text).toContain('Ashworth');
    expect(text).toMatch(/CGT-1\s+Report Client/);
    expect(text).toContain('Capital gains tax report 2023-24');
    expect(text).toMatch(/06\/04\/2023 to 05\/04\/2024/);
    expect(text).toMatch(/Page 1 of \d+/);
    // the summary: £400.00 of gains, no losses, the £6,000.00 exempt amount, nothing taxable
    expect(text).toMatch(/Proceeds\s+£2,000\.00/);
    expect(text).toMatch(/Allowable costs\s+£1,600\.00/);
    expect(text).toMatch(/Gains\s+£400\.00/);
    expect(text).toMatch(/Annual exempt amount\s+£6,000\.00/);
    expect(text).toMatch(/Taxable gain\s+£0\.00/);
    // SA108 in whole pounds
    expect(text).toMatch(/Disposal proceeds\s+£2,000/);
    expect(text).toMatch(/Gains in the year, before losses\s+£400/);
    // the disposal, then its Section 104 match with the pool before and after
    expect(text).toMatch(
      /01\/09\/2023\s+.+\s+sale\s+400(\.0+)?\s+£2,000\.00\s+£1,600\.00\s+£400\.00\s+1,000(\.0+)? \/ £4,000\.00\s+600(\.0+)? \/ £2,400\.00/,
    );
    expect(text).toMatch(
      /Section 104\s+400(\.0+)?\s+£1,600\.00\s+1,000(\.0+)? \/ £4,000\.00\s+600(\.0+)? \/ £2,400\.00/,
    );
    expect(text).toMatch(/Total\s+1 disposal\s+£2,000\.00\s+£1,600\.00\s+£400\.00/);
    // the 2024-11-15 sale is not in this year
    expect(text).not.toContain('15/11/2024');
    // the holdings stand at the year's end: 600 costing £2,400.00 on 05/04/2024 (the 2024-25 sale came later)
    expect(text).toContain('Holdings and their CGT cost at 05/04/2024');
    expect(text).toMatch(/capital\s+600(\.0+)?\s+£2,400\.00/);
    expect(text).not.toMatch(/capital\s+400(\.0+)?\s+£1,600\.00/);
  });

  it('when a year of the client has no disposal, then the report says there is nothing to report and lists the holdings', async () => {
    expect(ids.quietYear, 'the client has a tax year without disposals').not.toBe('');
    const file = await open(await ask(ids.quietYear, 'pdf'));
    const text = pdfPages(file.bytes).join('\n');
    expect(text).toContain(`Capital gains tax report ${ids.quietLabel}`);
    expect(text).toContain(`The calculation has no disposals or gains in ${ids.quietLabel}`);
    // 400 left after both sales, costing £1,600.00
    expect(text).toMatch(/capital\s+400(\.0+)?\s+£1,600\.00/);
  });

  it('when asked for as CSV, then its rows are the disposal and its match with exact decimals', async () => {
    const file = await open(await ask(ids.year2425, 'csv'));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const rows = parseCsv(new TextDecoder().decode(file.bytes));
    expect(rows[0]).toEqual([
      'Tax Year',
      'Date',
      'Security',
      'Kind',
      'Line',
      'Match Rule',
      'Acquisition Date',
      'Quantity',
      'Proceeds',
      'Allowable Cost',
      'Gain',
      'Pool Before Quantity',
      'Pool Before Cost',
      'Pool After Quantity',
      'Pool After Cost',
    ]);
    expect(rows).toHaveLength(3);
    const [disposal, match] = [rows[1]!, rows[2]!];
    const pick = (r: string[], ...cols: number[]) => cols.map((i) => r[i]);
    // 200 at £3.50 = £700.00 for £800.00: a £100.00 loss; the pool 600/£2,400.00 becomes 400/£1,600.00
    expect(pick(disposal, 0, 1, 3, 4, 8, 9, 10, 12, 14)).toEqual([
      '2024-25',
      '2024-11-15',
      'sale',
      'DISPOSAL',
      '700.00',
      '800.00',
      '-100.00',
      '2400.00',
      '1600.00',
    ]);
    expect(Number(disposal[7])).toBe(200);
    expect(Number(disposal[11])).toBe(600);
    expect(Number(disposal[13])).toBe(400);
    expect(pick(match, 4, 5, 9)).toEqual(['MATCH', 'section-104', '800.00']);
  });

  it("when reports were asked for, then the client's reports list shows them newest first with a working link", async () => {
    const list = await ok(await t.request('GET', `/api/clients/${ids.clientUuid}/reports`, as('manager')));
    expect(list.length).toBeGreaterThanOrEqual(2);
    const [newest] = list;
    expect(newest).toMatchObject({
      reportType: 'cgt-realised',
      subject: '2024-25',
      generation: 1,
      batchId: null,
      versionControl: 1,
      contentType: 'text/plain',
      delivery: '',
      fileName: 'CGT-1-cgt-report-2024-25.csv',
    });
    expect(newest.user).not.toBe('');
    expect((await open(newest.report)).status).toBe(200);
    // asked again: the next version of the same year
    await ask(ids.year2425, 'csv');
    const again = await ok(await t.request('GET', `/api/clients/${ids.clientUuid}/reports`, as('manager')));
    expect(again[0]).toMatchObject({ subject: '2024-25', versionControl: 2 });
  });

  it('when the input is wrong, then the field and the rule are named', async () => {
    expectError(
      await t.request('POST', '/api/clients/cgt-report', as('manager', { clientUuid: 'x', taxYearUuid: ids.year2324 })),
      400,
      /clientUuid must be a uuid/,
      'clientUuid',
    );
    expectError(
      await t.request(
        'POST',
        '/api/clients/cgt-report',
        as('manager', { clientUuid: ids.clientUuid, taxYearUuid: ids.year2324, format: 'xls' }),
      ),
      400,
      'format must be pdf or csv',
      'format',
    );
  });
});

describe('the links and the tenancy', () => {
  it('refuses a tampered link and one whose minutes have passed', async () => {
    const url = await ask(ids.year2324, 'csv');
    const token = url.slice('/api/reports/download/'.length);
    const [body, signature] = token.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expectError(
      await open(`/api/reports/download/${flip(body, 10)}.${signature}`),
      403,
      'This download link is not valid',
    );
    expectError(
      await open(`/api/reports/download/${body}.${flip(signature, 5)}`),
      403,
      'This download link is not valid',
    );
    const list = await ok(await t.request('GET', `/api/clients/${ids.clientUuid}/reports`, as('manager')));
    const user = (await t.request('GET', '/api/user', as('manager'))).body;
    const claims = {
      organisationUuid: ORG.ASHW,
      userUuid: user.uuid,
      kind: 'stored-report',
      parameters: { reportUuid: list[0].uuid },
      bearer: t.tokens.manager,
    };
    // signed with the server's secret but a clock ten minutes back: it expired five minutes ago
    const past = createLinkSigner(LINK_SECRET, () => Date.now() - 10 * 60_000).sign(claims);
    expectError(
      await open(`/api/reports/download/${past}`),
      410,
      'This download link has expired: ask for the report again',
    );
    expect((await open(`/api/reports/download/${createLinkSigner(LINK_SECRET).sign(claims)}`)).status).toBe(200);
  });

  it("refuses another firm's member: asking, listing and a forged link", async () => {
    // as a member of Ashworth they are not
    expectError(
      await t.request(
        'POST',
        '/api/clients/cgt-report',
        as('brook', { clientUuid: ids.clientUuid, taxYearUuid: ids.year2324 }),
      ),
      403,
      /not a member/,
    );
    expect((await t.request('GET', `/api/clients/${ids.clientUuid}/reports`, as('brook'))).status).toBe(403);
    // from their own firm, Ashworth's client is not there and its reports are not listed
    const own = await t.request(
      'POST',
      '/api/clients/cgt-report',
      as('brook', { clientUuid: ids.clientUuid, taxYearUuid: ids.year2324 }, ORG.BRKF),
    );
    expect(own.status).toBe(404);
    expect(
      await ok(await t.request('GET', `/api/clients/${ids.clientUuid}/reports`, as('brook', undefined, ORG.BRKF))),
    ).toEqual([]);
    // a link naming Ashworth's report, signed for Brookfield's member: the reports service refuses them
    const list = await ok(await t.request('GET', `/api/clients/${ids.clientUuid}/reports`, as('manager')));
    const brook = (await t.request('GET', '/api/user', as('brook', undefined, ORG.BRKF))).body;
    const forged = createLinkSigner(LINK_SECRET).sign({
      organisationUuid: ORG.ASHW,
      userUuid: brook.uuid,
      kind: 'stored-report',
      parameters: { reportUuid: list[0].uuid },
      bearer: t.tokens.brook,
    });
    expectError(await open(`/api/reports/download/${forged}`), 403, 'You are not a member of this organisation');
    // and without a token no one may ask
    expect(
      (
        await t.request('POST', '/api/clients/cgt-report', {
          org: ORG.ASHW,
          body: { clientUuid: ids.clientUuid, taxYearUuid: ids.year2324 },
        })
      ).status,
    ).toBe(401);
  });
});
