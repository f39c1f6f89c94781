// GET /api/mi-dashboard through the app, on a fixture firm whose clients, ledger, prices, jobs and monitor logs are
// written here, so every figure is worked out by hand below (comments show the arithmetic). Also: each figure
// matches the grid it summarises, and another firm's member or a non-admin sees nothing of the firm.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ORG, startTestSystem, type TestSystem } from '../test-support';
import { dashboardDates } from './mi-dashboard';

let t: TestSystem;
let firm = '';
let dates: string[] = [];
const A = 990_001;
const B = 990_002;
const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The UK tax year (6 April to 5 April) a date falls in, "2025-26". */
function taxYearOf(ymd: string): string {
  const year = Number(ymd.slice(0, 4));
  const start = ymd.slice(5) >= '04-06' ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const dashboard = (token: string, org: string) => t.request('GET', '/api/mi-dashboard', { token, org });

beforeAll(async () => {
  t = await startTestSystem();
  const admin = { token: t.tokens.admin };
  const gainsId = (await t.request('GET', `/api/admin/organisations/${ORG.GAINS}`, admin)).body.id;
  firm = (
    await t.request('POST', '/api/admin/organisations', {
      ...admin,
      body: { code: 'MIDF', name: 'MI Dashboard Fixture', type: 'FIRM', parent: gainsId },
    })
  ).body.uuid;
  await t.system.flushEvents();
  dates = dashboardDates(LONDON_DAY.format(new Date()));
  const db = new pg.Client({ connectionString: t.connectionString });
  await db.connect();
  try {
    // Three clients: two Live, one Closed; AE remaining not yet computed, £3,000.00 and £0.00.
    await db.query(
      `INSERT INTO clients.client (uuid, organisation_uuid, code, name, type, state, annual_exemption_remaining,
         calculation_failures, holding_breaks, updated_at)
       VALUES (gen_random_uuid(), $1, 'M001', 'Mia One', 'Individual', 'Live', NULL, 2, 0, now()),
              (gen_random_uuid(), $1, 'M002', 'Max Two', 'Individual', 'Live', 3000.00, 0, 1, now()),
              (gen_random_uuid(), $1, 'M003', 'Meg Three', 'Individual', 'Closed', 0.00, 0, 3, now())`,
      [firm],
    );
    const ids = await db.query<{ id: number; code: string }>(
      `INSERT INTO clients.portfolio (uuid, organisation_uuid, code, name, updated_at)
       VALUES (gen_random_uuid(), $1, 'MP1', 'One', now()), (gen_random_uuid(), $1, 'MP2', 'Two', now())
       RETURNING id, code`,
      [firm],
    );
    const P1 = ids.rows.find((r) => r.code === 'MP1')!.id;
    const P2 = ids.rows.find((r) => r.code === 'MP2')!.id;
    const types = await db.query<{ effect: string; id: number }>(
      `SELECT DISTINCT ON (effect) effect, id FROM clients.transaction_type
        WHERE organisation_uuid IS NULL AND effect IN ('BUY', 'SELL', 'SPLIT') ORDER BY effect, id`,
    );
    const type = (effect: string) => types.rows.find((r) => r.effect === effect)!.id;
    const row = (
      portfolio: number,
      security: number,
      effect: string,
      date: string,
      quantity: string,
      extra: object,
    ) => ({
      portfolio,
      security,
      type: type(effect),
      date,
      quantity,
      ratio: null as string | null,
      gain: null as string | null,
      ...extra,
    });
    const rows = [
      row(P1, A, 'BUY', addDays(dates[0]!, -30), '100', {}),
      row(P1, A, 'SELL', addDays(dates[0]!, -20), '10', { gain: '-5.50' }),
      row(P2, A, 'BUY', dates[1]!, '10', {}),
      row(P1, B, 'BUY', dates[2]!, '7.5', {}),
      row(P1, A, 'SELL', dates[3]!, '40', { gain: '12.34' }),
      row(P2, A, 'SPLIT', dates[5]!, '0', { ratio: '2:1' }),
    ];
    for (const r of rows) {
      await db.query(
        `INSERT INTO clients.ledger_transaction (uuid, organisation_uuid, portfolio_id, security_id, type_id, trade_date,
           report_date, quantity, ratio, capital_gain_loss, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::date, $5::date, $6, $7, $8, now())`,
        [firm, r.portfolio, r.security, r.type, r.date, r.quantity, r.ratio, r.gain],
      );
    }
    // Prices: A at 2.50 from before the first month end, 3.1234 from the 7th; B only from the last month end.
    const { rows: issuer } = await db.query<{ uuid: string }>('SELECT uuid FROM securities.issuer LIMIT 1');
    await db.query(
      `INSERT INTO securities.security (id, sedol, isin, issuer_uuid, security_name, reporting_name, currency_code,
         asset_class, cgt_class)
       VALUES ($1, 'MIDFA01', 'GB00MIDFA001', $3, 'Fixture A', 'Fixture A', 'GBP', 'EQUITY', 'CAPITAL'),
              ($2, 'MIDFB01', 'GB00MIDFB001', $3, 'Fixture B', 'Fixture B', 'GBP', 'EQUITY', 'CAPITAL')`,
      [A, B, issuer[0]!.uuid],
    );
    await db.query(
      `INSERT INTO securities.security_price (security_id, date, price, currency_code, price_gbp, source)
       VALUES ($1, $3::date, 2.5, 'GBP', 2.5, 'MANUAL'), ($1, $4::date, 3.1234, 'GBP', 3.1234, 'MANUAL'),
              ($2, $5::date, 10, 'GBP', 10, 'MANUAL')`,
      [A, B, addDays(dates[0]!, -40), dates[6], dates[11]],
    );
    // Jobs: one succeeded and two failed today, and one succeeded 400 days ago (before the period).
    const job = (status: string, created: string) =>
      db.query(
        `INSERT INTO reports.monitored_job (uuid, organisation_uuid, service, type, status, progress_done, progress_total,
           candidates, successes, failures, object_kind, object_id, started_by_user_id, started_by_name, created_at,
           updated_at, trace_id, message, version)
         VALUES (gen_random_uuid(), $1, 'clients', 'IMPORT', $2, 0, 0, 0, 0, 0, '', '', '', 'Fixture', $3, $3, '', '', 1)
         RETURNING uuid`,
        [firm, status, created],
      );
    const now = new Date().toISOString();
    const jobUuid = (await job('SUCCEEDED', now)).rows[0].uuid;
    await job('FAILED', now);
    await job('FAILED', now);
    await job('SUCCEEDED', new Date(Date.now() - 400 * 86_400_000).toISOString());
    // Monitor logs today: one Low, two Urgent.
    for (const severity of [1, 4, 4]) {
      await db.query(
        `INSERT INTO reports.monitor_log (uuid, organisation_uuid, job_uuid, created_at, error_severity_id,
           error_occurrences, warning_type, portfolio_occurrences, securities_occurrences, client_occurrences,
           error_code, log_message, warning_message, portfolio_code, security_code, client_code)
         VALUES (gen_random_uuid(), $1, $2, now(), $3, 1, '', 0, 0, 0, 'FIXTURE', 'Fixture log', '', '', '', '')`,
        [firm, jobUuid, severity],
      );
    }
  } finally {
    await db.end();
  }
}, 240_000);
afterAll(async () => t?.stop());

describe('GET /api/mi-dashboard: the fixture firm', () => {
  it('when the provider admin asks, then assets under administration are the holdings valued at each date', async () => {
    const answer = await dashboard(t.tokens.admin, firm);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const aua = answer.body.assetsUnderAdministration;
    expect(aua.map((p: any) => p.date)).toEqual(dates);
    // A held: d0 100-10=90; d1 +10 (P2)=100; d3 -40=60; d5 P2 split 2:1, 10->20, so 50+20=70.
    // B held: 7.5 from d2, priced (10) only from d11.
    const expected = [
      ['225.00', 0], // 90 x 2.50
      ['250.00', 0], // 100 x 2.50
      ['250.00', 1], // B unpriced
      ['150.00', 1], // 60 x 2.50
      ['150.00', 1],
      ['175.00', 1], // 70 x 2.50
      ['218.64', 1], // 70 x 3.1234 = 218.638
      ['218.64', 1],
      ['218.64', 1],
      ['218.64', 1],
      ['218.64', 1],
      ['293.64', 0], // 218.638 + 7.5 x 10 = 293.638
      ['293.64', 0], // today: nothing newer
    ];
    expect(aua.map((p: any) => [p.value, p.unpricedSecurities])).toEqual(expected);
  });

  it('when asked, then realised gains are the stored figures summed by the tax year of the trade date', async () => {
    const { body } = await dashboard(t.tokens.admin, firm);
    const expected = new Map<string, number>();
    // -5.50 twenty days before the first month end; +12.34 at the fourth (pence, to add exactly)
    for (const [date, pence] of [
      [addDays(dates[0]!, -20), -550],
      [dates[3]!, 1234],
    ] as const) {
      expected.set(taxYearOf(date), (expected.get(taxYearOf(date)) ?? 0) + pence);
    }
    const asPounds = (p: number) =>
      `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
    expect(body.realisedGains.map((r: any) => [r.taxYear, r.capitalGainLoss])).toEqual(
      [...expected.entries()].sort().map(([year, p]) => [year, asPounds(p)]),
    );
  });

  it('when asked, then clients by state and AE band, failures and breaks are the three clients counted', async () => {
    const { body } = await dashboard(t.tokens.admin, firm);
    expect(body.clients).toBe(3);
    expect(body.clientsByState).toEqual([
      { state: 'Closed', count: 1 },
      { state: 'Live', count: 2 },
    ]);
    expect(body.clientsByAeBand).toEqual([
      { band: 'Not calculated', count: 1 },
      { band: '£0 (used up)', count: 1 },
      { band: '£2,000.01 to £3,000', count: 1 },
    ]);
    expect(body.calculationFailures).toEqual({ failures: 2, clients: 1 }); // 2 + 0 + 0
    expect(body.recBreaks).toEqual({ breaks: 4, clients: 2 }); // 0 + 1 + 3
  });

  it('when asked, then clients by state equals the clients grid rows grouped by hand', async () => {
    const { body } = await dashboard(t.tokens.admin, firm);
    const grid = await t.request('GET', '/api/clients/summary?size=100', { token: t.tokens.admin, org: firm });
    const byState = new Map<string, number>();
    for (const row of grid.body.content) byState.set(row.state, (byState.get(row.state) ?? 0) + 1);
    expect(body.clientsByState).toEqual([...byState.entries()].sort().map(([state, count]) => ({ state, count })));
  });

  it('when asked, then jobs by status and logs by severity are the period rows of the monitors', async () => {
    const { body } = await dashboard(t.tokens.admin, firm);
    const count = (list: any[], key: string, value: unknown) => list.find((x) => x[key] === value).count;
    expect(count(body.jobsByStatus, 'status', 'SUCCEEDED')).toBe(1); // the 400-day-old one is before the period
    expect(count(body.jobsByStatus, 'status', 'FAILED')).toBe(2);
    expect(count(body.jobsByStatus, 'status', 'RUNNING')).toBe(0);
    const jobs = await t.request('GET', `/api/jobs?from=${body.from}&to=${body.to}&size=100`, {
      token: t.tokens.admin,
      org: firm,
    });
    expect(body.jobsByStatus.reduce((n: number, j: any) => n + j.count, 0)).toBe(jobs.body.totalSize);
    expect(body.monitorLogsBySeverity).toEqual([
      { severityId: 1, severity: 'Low', count: 1 },
      { severityId: 2, severity: 'Medium', count: 0 },
      { severityId: 3, severity: 'High', count: 0 },
      { severityId: 4, severity: 'Urgent', count: 2 },
    ]);
    const logs = await t.request('GET', `/api/admin/mmt?from=${body.from}&to=${body.to}`, {
      token: t.tokens.admin,
      org: firm,
    });
    expect(logs.body.filter((l: any) => l.errorSeverityId === 4)).toHaveLength(2);
  });
});

describe('GET /api/mi-dashboard: who may see it', () => {
  it('when a member of another firm asks for the fixture firm, then 403', async () => {
    expectError(await dashboard(t.tokens.brook, firm), 403, /./);
  });
  it('when a non-admin of ASHW asks (the route is for admins, seed 000 §6), then 403', async () => {
    expectError(await dashboard(t.tokens.adviser, ORG.ASHW), 403, /./);
  });
  it("when ASHW's manager asks for ASHW, then ASHW's own figures, none of the fixture firm's", async () => {
    const { status, body } = await dashboard(t.tokens.manager, ORG.ASHW);
    expect(status).toBe(200);
    expect(body.clients).toBe(1000); // the demo's ASH00001..ASH01000
    expect(body.clientsByState.some((s: any) => s.state === 'Closed' && s.count === 1)).toBe(false);
  });
});
