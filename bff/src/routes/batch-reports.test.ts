// Batch reports (issue 27; seed 000 §1, §2.9) against the real system: clients of one relationship manager with
// hand-worked ledgers, a print of their 2024-25 CGT reports identified (checks and deliveries read from the clients
// service by the reports service's own token), published as a job, a refused candidate left Pending with its reason
// (Partially Run), published again once it is fixed (Complete), each report in its client's list with the batch id;
// bad input names the field; another firm cannot read or publish the print.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfPages } from '@gains/pdf/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, expectError, startTestSystem, type Answer, type TestSystem } from '../test-support';

let t: TestSystem;
const manager = (body?: unknown, org = ORG.ASHW) => ({ token: t.tokens.manager, org, body });
const RM = 'BATCH-RM';
const clients: Record<string, { uuid: string; id: number }> = {};

async function ok(answer: Answer, status = 200): Promise<any> {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  return answer.body;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A client of the relationship manager with one portfolio and these rows (security 1, GBP, no expenses). */
async function client(code: string, extra: Record<string, unknown>, rows: Record<string, string>[]) {
  const made = await ok(
    await t.request('POST', '/api/admin/clients', {
      ...manager({ code, name: `Batch ${code}`, typeCode: 'INDIVIDUAL', stateCode: 'LIVE', ...extra }),
    }),
    201,
  );
  clients[code] = { uuid: made.uuid, id: made.id };
  const portfolio = await ok(
    await t.request('POST', '/api/admin/portfolios', {
      ...manager({
        code: `${code}-P`,
        name: 'Batch',
        taxWrapper: 'GIA',
        owners: [{ clientUuid: made.uuid, percentage: '100' }],
      }),
    }),
    201,
  );
  for (const row of rows)
    await ok(
      await t.request('POST', '/api/customerAdmin/transactions', {
        ...manager({
          portfolioUuid: portfolio.uuid,
          securityId: 1,
          transaction: { ...row, expenses: '0.00', currency: 'GBP' },
        }),
      }),
      201,
    );
  // the client's figures (its thirty-day counter) are stored before the print reads them
  await until(
    `${code}'s calculation`,
    async () =>
      (await t.request('GET', `/api/admin/calculations?clientUUID=${made.uuid}&size=1`, manager())).body.content[0],
    (run: any) => run?.transactions === rows.length,
  );
}

const print = async (id: number) => ok(await t.request('GET', `/api/batch-reports/${id}`, manager()));
const candidates = async (id: number) =>
  (await ok(await t.request('GET', `/api/batch-reports/${id}/candidates?size=100`, manager()))).content as any[];

beforeAll(async () => {
  t = await startTestSystem({
    password: 'Batch-reports-1!',
    env: {
      GAINS_DOWNLOAD_LINK_SECRET: 'batch-reports-test-secret-of-forty-chars',
      GAINS_FILES_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'gains-batch-reports-')),
    },
  });
  const rm = { relationshipManagerCode: RM, relationshipManagerName: 'Batch Manager' };
  // BAT-1: bought 100 on 01/05/2026, sold 50 on 01/06/2026 and bought 50 on 10/06/2026: the sale is matched with the
  // purchase nine days later (the 30-day rule) in the current tax year. Reports electronically and on the portal.
  await client('BAT-1', { ...rm, electronicReport: true, clientPortalReport: true, printedReport: false }, [
    { type: 'BUY', tradeDate: '2026-05-01', quantity: '100', price: '10.00' },
    { type: 'SELL', tradeDate: '2026-06-01', quantity: '50', price: '12.00' },
    { type: 'BUY', tradeDate: '2026-06-10', quantity: '50', price: '11.00' },
  ]);
  // BAT-2: 2024-25, bought 100 at £4.00, sold 40 at £5.00: proceeds £200.00, cost £400.00 x 40/100 = £160.00, gain
  // £40.00. Printed (the default delivery).
  await client('BAT-2', rm, [
    { type: 'BUY', tradeDate: '2024-05-01', quantity: '100', price: '4.00' },
    { type: 'SELL', tradeDate: '2024-09-01', quantity: '40', price: '5.00' },
  ]);
  // BAT-3: its own mappings do not generate CGT reports: not a candidate.
  await client(
    'BAT-3',
    { ...rm, overrideReportTypeMapping: true, reportTypeMappings: [{ reportTypeId: 1, generate: false }] },
    [{ type: 'BUY', tradeDate: '2024-05-01', quantity: '10', price: '1.00' }],
  );
  // BAT-4: reported from 01/01/2025 only: its 2024-25 report is refused until that is changed.
  await client('BAT-4', { ...rm, reportingRestrictionFrom: '2025-01-01' }, [
    { type: 'BUY', tradeDate: '2024-05-01', quantity: '10', price: '1.00' },
  ]);
  // BAT-5: another relationship manager's: not in the print.
  await client('BAT-5', { relationshipManagerCode: 'OTHER-RM' }, [
    { type: 'BUY', tradeDate: '2024-05-01', quantity: '10', price: '1.00' },
  ]);
}, 300_000);

afterAll(async () => t?.stop());

describe('batch reports', () => {
  let id = 0;
  let uuid = '';

  it('when a print is created, then its candidates are the relationship manager’s clients that get CGT reports, with their checks', async () => {
    const created = await ok(
      await t.request(
        'POST',
        '/api/batch-reports',
        manager({ taxYear: '2024-25', reportType: 'cgt-realised', relationshipManager: RM }),
      ),
      201,
    );
    id = created.id;
    uuid = created.uuid;
    expect(created).toMatchObject({ taxYear: '2024-25', reportType: 'cgt-realised', relationshipManager: RM });
    expect(['IDENTIFYING', 'IDENTIFIED']).toContain(created.status);
    const identified = await until(
      'identification',
      () => print(id),
      (p: any) => p.status === 'IDENTIFIED',
    );
    expect(identified.identifiedCandidates).toBe(3);
    const rows = await candidates(id);
    expect(rows.map((c) => c.clientCode)).toEqual(['BAT-1', 'BAT-2', 'BAT-4']);
    const [one, two] = rows;
    expect(one).toMatchObject({ thirtyDayRule: true, deliveries: ['ELECTRONIC', 'PORTAL'], status: 'PENDING' });
    expect(two).toMatchObject({ thirtyDayRule: false, deliveries: ['PRINTED'], actMonitorIssues: 0 });
    // the list shows it with the firm's name
    const list = await ok(await t.request('GET', '/api/batch-reports?size=10', manager()));
    expect(list.content.find((p: any) => p.id === id)?.organisation).toContain('Ashworth');
  });

  it('when published, then each candidate’s report is made with the batch id; the refused one stays Pending with its reason', async () => {
    await ok(await t.request('POST', `/api/batch-reports/${id}/publish`, manager()));
    const ran = await until(
      'the publish',
      () => print(id),
      (p: any) => !['PUBLISHING'].includes(p.status),
    );
    expect(ran).toMatchObject({ status: 'PARTIALLY_RUN', publishedCandidates: 2, identifiedCandidates: 3 });
    const rows = await candidates(id);
    expect(rows.map((c) => [c.clientCode, c.status])).toEqual([
      ['BAT-1', 'COMPLETE'],
      ['BAT-2', 'COMPLETE'],
      ['BAT-4', 'PENDING'],
    ]);
    expect(rows[2].failureReason).toContain('reporting restriction');
    const reports = await ok(await t.request('GET', `/api/clients/${clients['BAT-2']!.uuid}/reports`, manager()));
    const made = reports.find((r: any) => r.batchId === uuid);
    expect(made).toMatchObject({
      reportType: 'cgt-realised',
      generation: 2,
      delivery: 'PRINTED',
      contentType: 'application/pdf',
    });
    const text = pdfPages((await t.request('GET', made.report)).bytes).join('\n');
    expect(text).toContain('Capital gains tax report 2024-25');
    expect(text).toMatch(/Gains\s+£40\.00/);
    const first = await ok(await t.request('GET', `/api/clients/${clients['BAT-1']!.uuid}/reports`, manager()));
    expect(first.find((r: any) => r.batchId === uuid)?.delivery).toBe('ELECTRONIC,PORTAL');
  });

  it('when the refused client is fixed and the print published again, then only it is made and the print is Complete', async () => {
    const record = await ok(await t.request('GET', `/api/admin/clients/${clients['BAT-4']!.uuid}`, manager()));
    const body: Record<string, unknown> = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null));
    for (const coded of ['type', 'state', 'serviceLevel', 'countryOfResidence', 'countryOfDomicile']) {
      body[`${coded}Code`] = (record[coded] as { code: string }).code;
      delete body[coded];
    }
    delete body.reportingRestrictionFrom;
    await ok(await t.request('PUT', `/api/admin/clients/${record.id}`, manager(body)));
    await ok(await t.request('POST', `/api/batch-reports/${id}/publish`, manager()));
    const done = await until(
      'the second publish',
      () => print(id),
      (p: any) => p.status !== 'PUBLISHING',
    );
    expect(done).toMatchObject({ status: 'COMPLETE', publishedCandidates: 3 });
    // BAT-2's report was not made twice
    const reports = await ok(await t.request('GET', `/api/clients/${clients['BAT-2']!.uuid}/reports`, manager()));
    expect(reports.filter((r: any) => r.batchId === uuid)).toHaveLength(1);
    expectError(
      await t.request('POST', `/api/batch-reports/${id}/publish`, manager()),
      412,
      'The batch print is complete: every candidate is published',
      'id',
    );
  });

  it('when the input is wrong, then the field and the rule are named and nothing is made', async () => {
    const before = (await ok(await t.request('GET', '/api/batch-reports?size=100', manager()))).totalSize;
    expectError(
      await t.request('POST', '/api/batch-reports', manager({ taxYear: '2024-26', reportType: 'cgt-realised' })),
      400,
      'taxYear must be a UK tax year such as 2024-25',
      'taxYear',
    );
    expectError(
      await t.request('POST', '/api/batch-reports', manager({ taxYear: '2024-25', reportType: 'nonsense' })),
      400,
      /^reportType must be one of cgt-realised/,
      'reportType',
    );
    expectError(
      await t.request('GET', '/api/batch-reports?sort=nonsense', manager()),
      400,
      /^sort must be one of/,
      'sort',
    );
    expect((await ok(await t.request('GET', '/api/batch-reports?size=100', manager()))).totalSize).toBe(before);
  });

  it('refuses another firm: its member cannot read, list the candidates of or publish the print', async () => {
    const brook = (org: string) => ({ token: t.tokens.brook, org });
    const notFound = `Batch print ${id} was not found`;
    expectError(await t.request('GET', `/api/batch-reports/${id}`, brook(ORG.BRKF)), 404, notFound, 'id');
    expectError(await t.request('GET', `/api/batch-reports/${id}/candidates`, brook(ORG.BRKF)), 404, notFound, 'id');
    expectError(await t.request('POST', `/api/batch-reports/${id}/publish`, brook(ORG.BRKF)), 404, notFound, 'id');
    expectError(
      await t.request('GET', `/api/batch-reports/${id}`, brook(ORG.ASHW)),
      403,
      'You are not a member of this organisation',
    );
    const theirs = await ok(await t.request('GET', '/api/batch-reports?size=100', brook(ORG.BRKF)));
    expect(theirs.content.some((p: any) => p.uuid === uuid)).toBe(false);
  });
});
