// The Holdings (CA) report end to end (seed 000 §2.6, §3 ca-holding): a client's holdings with the corporate actions
// on them, read by the reports service's REPORT job from the clients service (holdings at the day) and the
// documents service (ListPortfolioActions), every figure worked by hand below. ListPortfolioActions itself: the
// reports service's own token and the firm's members read it, another firm's member is refused (or sees nothing of
// ours from its own firm), the documents service's own token is refused, and it is bounded.
import { Code, createClient } from '@connectrpc/connect';
import { connectFailure as failure } from '@gains/errors/connect-failure';
import { pdfTextOneSpaced } from '@gains/pdf/pdf-text';
import { documents, identity } from '@gains/proto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';
import { buy, managerCalls, newClient, newSecurity, until } from './documents-fixtures';

const SECRET = 'ca-holding-report-test-secret';
let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
const get = (path: string) => managerCalls(t).get(path);
const post = (path: string, body?: unknown, status?: number) => managerCalls(t).post(path, body, status);
const types: Record<string, { uuid: string; lineDefinitions: { uuid: string }[] }> = {};
const ids = {
  client: '',
  a: '',
  b: '',
  alpha: 0,
  beta: 0,
  gamma: 0,
  consolidation: '',
  dividend: '',
  gammaDividend: '',
};
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
let api: ReturnType<typeof createClient<typeof documents.DocumentsService>>;
const service = { reports: bearer(''), documents: bearer('') };

/** A header saved as the manager, once its candidates are found (PENDING). */
async function header(code: string, securityId: number, fields: Record<string, unknown>, lines: unknown[]) {
  const layerUuid = (await get(`/admin/documents/layers/${securityId}`))[0].uuid;
  const created = await post(
    '/admin/documents/headers',
    { typeUuid: types[code]!.uuid, securityId, layerUuid, lines, ...fields },
    201,
  );
  const settled = await until('the candidates', 60_000, async () => {
    const h = await get(`/admin/documents/headers/${created.uuid}`);
    return h.status === 'CREATING_CANDIDATES' ? undefined : h;
  });
  expect(settled.status).toBe('PENDING');
  return settled as { uuid: string; code: string };
}

beforeAll(async () => {
  t = await startTestSystem({ password: 'Ca-holding-2026!', env: { GAINS_SERVICE_TOKEN_SECRET: SECRET } });
  for (const type of await get('/admin/documents/headers/types')) types[type.code] = type;
  const who = { persona: 'manager' as const, org: ORG.ASHW };
  ids.alpha = (await newSecurity(t, 'BC4H01', 'Holding Alpha')).id;
  ids.beta = (await newSecurity(t, 'BC4H02', 'Holding Beta')).id;
  ids.gamma = (await newSecurity(t, 'BC4H03', 'Holding Gamma')).id;
  const client = await newClient(t, who, 'CAH-1', 'Action Holder', ['CAH-1-A', 'CAH-1-B']);
  [ids.client, ids.a, ids.b] = [client.uuid, client.portfolios[0]!, client.portfolios[1]!];
  // CAH-1-A: 1,000 Alpha and 50 Beta; CAH-1-B: 300 Alpha, all bought 01/06/2026
  for (const [portfolio, security, quantity] of [
    [ids.a, ids.alpha, '1000'],
    [ids.a, ids.beta, '50'],
    [ids.b, ids.alpha, '300'],
    [ids.b, ids.gamma, '20'],
  ] as const)
    expect(await buy(t, who, portfolio, security, { quantity, price: '3', tradeDate: '2026-06-01' })).toBe(201);
  // CAH-1-B's Gamma: a dividend of 0.50 a share ex 01/07/2026 (20 x 0.50 = £10.00), then all 20 sold 01/08/2026
  ids.gammaDividend = (
    await header('CASH_DIVIDEND', ids.gamma, { exDate: '2026-07-01', payDate: '2026-07-15' }, [
      { lineDefinitionUuid: types.CASH_DIVIDEND!.lineDefinitions[0]!.uuid, rate: '0.50' },
    ])
  ).code;
  const sold = { quantity: '20', price: '4', tradeDate: '2026-08-01', type: 'SELL' as const };
  expect(await buy(t, who, ids.b, ids.gamma, sold)).toBe(201);
  // A 1-for-3 consolidation of Alpha ex 01/09/2026, fractions sold at £9.00, and a cash dividend of 0.1234 a share
  // ex 01/10/2026; neither processed, so the holdings at both ex-dates are as bought.
  ids.consolidation = (
    await header('CONSOLIDATION', ids.alpha, { exDate: '2026-09-01', payDate: '2026-09-15', fractionPrice: '9.00' }, [
      { lineDefinitionUuid: types.CONSOLIDATION!.lineDefinitions[0]!.uuid, rate: '1', perParent: '3' },
    ])
  ).code;
  ids.dividend = (
    await header('CASH_DIVIDEND', ids.alpha, { exDate: '2026-10-01', payDate: '2026-10-15' }, [
      { lineDefinitionUuid: types.CASH_DIVIDEND!.lineDefinitions[0]!.uuid, rate: '0.1234' },
    ])
  ).code;
  api = createClient(documents.DocumentsService, t.system.transports.documents);
  const ids_ = createClient(identity.IdentityService, t.system.transports.identity);
  service.reports = bearer((await ids_.issueServiceToken({ service: 'reports', secret: SECRET })).accessToken);
  service.documents = bearer((await ids_.issueServiceToken({ service: 'documents', secret: SECRET })).accessToken);
}, 240_000);

afterAll(async () => t?.stop());

// What each candidate's previews propose, by hand:
//   consolidation, A: 1,000 x 1 / 3 = 333 1/3: 333 new shares (the report's new quantity; the preview carries only
//   the ratio) and 1/3 of one sold at £9.00 = £3.00 (ratio 1:3)
//   consolidation, B: 300 x 1 / 3 = 100 exactly: no fraction, no cash
//   dividend, A: 1,000 x 0.1234 = £123.40; B: 300 x 0.1234 = £37.02
describe('ListPortfolioActions', () => {
  const ask = (fields: Partial<documents.ListPortfolioActionsRequest> = {}) => ({
    organisationUuid: ORG.ASHW,
    portfolioUuids: [ids.a, ids.b],
    atDate: '2026-09-30',
    securityId: 0,
    ...fields,
  });
  const view = (actions: documents.PortfolioAction[]) =>
    actions
      .filter((a) => [ids.consolidation, ids.dividend].includes(a.headerCode))
      .map((a) => [
        a.portfolioUuid === ids.a ? 'A' : 'B',
        a.headerCode === ids.consolidation ? 'consolidation' : 'dividend',
        a.typeName,
        a.headerStatus,
        a.exDate,
        a.payDate,
        a.holdingQuantity,
        a.candidateStatus,
        a.ratio,
        a.proposedQuantity,
        a.proposedCash,
      ])
      .sort((x, y) => `${x[0]}${x[4]}`.localeCompare(`${y[0]}${y[4]}`));
  // B's 300: 300 x 1 / 3 = 100 new shares, no fraction, no cash (on both days asked)
  const B_CONSOLIDATION = [
    'B',
    'consolidation',
    'Share consolidation',
    'PENDING',
    '2026-09-01',
    '2026-09-15',
    '300',
    'PENDING',
    '1:3',
    '100',
    '',
  ];

  it('when the reports service asks for a day, then each portfolio’s actions ex on or before it come with their previews summed', async () => {
    const at30Sept = await api.listPortfolioActions(ask(), service.reports);
    // Alpha's, and the Gamma dividend of CAH-1-B (sold since, still its candidate)
    expect(new Set(at30Sept.actions.map((a) => a.securityId))).toEqual(new Set([ids.alpha, ids.gamma]));
    // the dividend, ex 01/10/2026, is after the day
    expect(view(at30Sept.actions)).toEqual([
      [
        'A',
        'consolidation',
        'Share consolidation',
        'PENDING',
        '2026-09-01',
        '2026-09-15',
        '1000',
        'PENDING',
        '1:3',
        '333',
        '3.00',
      ],
      B_CONSOLIDATION,
    ]);
    const later = await api.listPortfolioActions(
      ask({ atDate: '2026-10-01', portfolioUuids: [ids.b] }),
      service.reports,
    );
    expect(view(later.actions)).toEqual([
      B_CONSOLIDATION,
      ['B', 'dividend', 'Cash dividend', 'PENDING', '2026-10-01', '2026-10-15', '300', 'PENDING', '', '', '37.02'],
    ]);
    // one security: Beta has none
    expect((await api.listPortfolioActions(ask({ securityId: ids.beta }), service.reports)).actions).toEqual([]);
    // a member of the firm reads the same
    expect(view((await api.listPortfolioActions(ask(), bearer(t.tokens.manager))).actions)).toEqual(
      view(at30Sept.actions),
    );
  });

  it('when another firm or another service asks, then it is refused or sees nothing of ours', async () => {
    expect(await failure(api.listPortfolioActions(ask(), bearer(t.tokens.brook)))).toMatchObject({
      code: Code.PermissionDenied,
    });
    // from its own firm, our portfolios' actions are not its own
    const own = await api.listPortfolioActions(ask({ organisationUuid: ORG.BRKF }), bearer(t.tokens.brook));
    expect(own.actions).toEqual([]);
    expect(await failure(api.listPortfolioActions(ask(), service.documents))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await failure(api.listPortfolioActions(ask(), {}))).toMatchObject({ code: Code.Unauthenticated });
  });

  it('when the request is out of bounds, then the field is named', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(await failure(api.listPortfolioActions(ask({ portfolioUuids: many }), service.reports))).toEqual({
      code: Code.InvalidArgument,
      message: 'portfolioUuids may name at most 200 portfolios',
      field: 'portfolioUuids',
    });
    expect(await failure(api.listPortfolioActions(ask({ portfolioUuids: [] }), service.reports))).toMatchObject({
      field: 'portfolioUuids',
    });
    expect(await failure(api.listPortfolioActions(ask({ atDate: '30/09/2026' }), service.reports))).toMatchObject({
      field: 'atDate',
    });
  });
});

describe('POST /api/holdings/ca/report-csv', () => {
  /** The manager's report of the client as at 27/11/2026, through the link it answers. */
  async function reportFile(format: 'csv' | 'pdf') {
    const answer = await t.request(
      'POST',
      `/api/holdings/ca/report-${format}`,
      as('manager', { clientUuid: ids.client, atDate: '2026-11-27' }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const file = await t.request('GET', answer.body.url as string);
    expect(file.status).toBe(200);
    return file;
  }

  it('when asked as at a day after both actions, then each holding has its actions, and Beta none', async () => {
    const file = await reportFile('csv');
    expect(file.headers.get('content-type')).toContain('text/plain');
    const rows = csvRecords(new TextDecoder().decode(file.bytes)).map((r) => [
      r.Portfolio,
      r.Security,
      r.Quantity,
      r.Action,
      r['Holding At Ex Date'],
      r.Ratio,
      r['Proposed Quantity'],
      r['Proposed Cash'],
    ]);
    // holdings by portfolio code then security name (the ledger's quantities, to its 4 places); actions by ex-date
    expect(rows).toEqual([
      ['CAH-1-A', 'Holding Alpha plc', '1000.0000', ids.consolidation, '1000', '1:3', '333', '3.00'],
      ['CAH-1-A', 'Holding Alpha plc', '1000.0000', ids.dividend, '1000', '', '', '123.40'],
      ['CAH-1-A', 'Holding Beta plc', '50.0000', '', '', '', '', ''],
      ['CAH-1-B', 'Holding Alpha plc', '300.0000', ids.consolidation, '300', '1:3', '100', ''],
      ['CAH-1-B', 'Holding Alpha plc', '300.0000', ids.dividend, '300', '', '', '37.02'],
      // sold before the day: listed at 0 for the action on it
      ['CAH-1-B', 'Holding Gamma plc', '0.0000', ids.gammaDividend, '20', '', '', '10.00'],
    ]);
  });

  it('when asked as PDF, then the document has the firm, the client, the day and each action’s figures', async () => {
    const file = await reportFile('pdf');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    fs.writeFileSync(path.join(os.tmpdir(), 'ca-holding-report-test.pdf'), file.bytes);
    const text = pdfTextOneSpaced(file.bytes);
    for (const expected of [
      'Ashworth',
      'Action Holder',
      'Holdings and corporate actions as at 27/11/2026',
      'Share consolidation',
      '01/09/2026',
      '£123.40',
      '£37.02',
      'No action',
      // 3.00 + 123.40 + 37.02 + 10.00 = 173.42
      'Total £173.42',
    ])
      expect(text).toContain(expected);
  });

  it('when another firm’s member asks for our client, then it is refused', async () => {
    const answer = await t.request(
      'POST',
      '/api/holdings/ca/report-csv',
      as('brook', { clientUuid: ids.client, atDate: '2026-11-27' }, ORG.BRKF),
    );
    expect([403, 404]).toContain(answer.status);
  });
});
