/**
 * A corporate action on a widely held security, end to end through the BFF (issue 26, "Scale"): a security held by
 * 20,000 portfolios (one client each) of Ashworth, a cash dividend on it created as the demo's manager
 * (POST /api/admin/documents/headers), then timed: its candidates and previews (CREATING_CANDIDATES to PENDING),
 * Create transactions (POST .../process, CREATING_TRANSACTIONS to RUN: every holder's row posted to the ledger) and
 * the holders' recalculation (every holder's client with figures from a run after the posting). Prints each phase,
 * the total (target: under 60 s) and the progress the jobs showed (the Job Monitor's figures, GET /api/jobs).
 * Prints figures; asserts nothing.
 *
 *   pnpm bench corporate-action [--portfolios 20000] [--action dividend|takeover]
 *
 * Starts an embedded Gains with the demo data on a new database in the temp directory (removed afterwards), the
 * demo's figures left uncomputed (GAINS_DEMO_RECALCULATE=0), and writes the holders straight into the clients
 * schema: a client, a GIA portfolio and a purchase of the security each.
 */
import os from 'node:os';
import type pg from 'pg';
import { isinFromSedol, withSedolCheckDigit } from '../../services/securities/src/domain/security-codes';
import { ASHW, int, option, secs, sleep, withBenchSystem, type Call } from './support/bench-system';
import { insertBenchClients } from './support/bench-clients';

const PASSWORD = 'Bench-corporate-action-1!';
const TARGET_S = 60;
const PORTFOLIOS = Number(option('portfolios', '20000'));
const ACTION = option('action', 'dividend');
if (!Number.isInteger(PORTFOLIOS) || PORTFOLIOS < 1 || PORTFOLIOS > 200_000)
  throw new Error('--portfolios must be a whole number from 1 to 200,000');
if (ACTION !== 'dividend' && ACTION !== 'takeover') throw new Error('--action must be dividend or takeover');

await withBenchSystem({ password: PASSWORD, name: 'ca' }, async ({ db, as }) => bench(db, as));

async function bench(db: pg.Client, as: (email: string) => Promise<Call>) {
  // The securities are the provider's (the admin's); the corporate action is the firm's manager's.
  const admin = await as('admin@gains.example');
  const call = await as('manager@gains.example');

  // A security of its own (and, for a takeover, the one it is taken over into), so its holders are the bench's.
  const issuer = (await admin('POST', '/api/admin/securities/issuers', { name: 'Bench Widely Held Holdings' })).value
    .uuid as string;
  const security = await newSecurity(admin, issuer, 'BC0B01', 'Bench Widely Held plc');
  const acquirer = ACTION === 'takeover' ? await newSecurity(admin, issuer, 'BC0B02', 'Bench Acquirer plc') : 0;
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query('SELECT 1 FROM clients.security WHERE id = $1', [security]);
    if (rows.length > 0) break;
    await sleep(100);
  }
  const seeded = performance.now();
  await writeHolders(db, security);
  console.log(
    `corporate action (${ACTION === 'dividend' ? 'a cash dividend' : 'a takeover for shares and cash'}) on a ` +
      `security held by ${int(PORTFOLIOS)} portfolios of Ashworth (one client each); load ` +
      `${os.loadavg()[0]!.toFixed(1)}; holders written in ${secs(performance.now() - seeded)}`,
  );

  const types = (await call('GET', '/api/admin/documents/headers/types?documentTypeCode=CA')) as {
    code: string;
    uuid: string;
    lineDefinitions: { uuid: string }[];
  }[];
  const type = types.find((t) => t.code === (ACTION === 'dividend' ? 'CASH_DIVIDEND' : 'TAKEOVER_SHARES_AND_CASH'))!;
  const layer = (await call('GET', `/api/admin/documents/layers/${security}`))[0].uuid as string;
  const lines =
    ACTION === 'dividend'
      ? [{ lineDefinitionUuid: type.lineDefinitions[0]!.uuid, rate: '0.1234' }]
      : [
          {
            lineDefinitionUuid: type.lineDefinitions[0]!.uuid,
            securityId: acquirer,
            rate: '1',
            perParent: '2',
            price: '4.00',
          },
          { lineDefinitionUuid: type.lineDefinitions[1]!.uuid, rate: '1.50' },
        ];

  /** The header's job as the Job Monitor shows it (GET /api/jobs): its progress each time it moved. */
  const progress: Record<string, string[]> = {};
  const watch = async (headerUuid: string, jobType: string, inProgress: string, startedAt: number) => {
    let last = '';
    for (;;) {
      const header = await call('GET', `/api/admin/documents/headers/${headerUuid}`);
      const jobs = (await call('GET', `/api/jobs?type=${jobType}&size=20`)).content as {
        objectId: string;
        progressDone: number;
        progressTotal: number;
        status: string;
      }[];
      const job = jobs.find((j) => j.objectId === headerUuid);
      const seen = job ? `${int(job.progressDone)}/${int(job.progressTotal)}` : '';
      if (job && seen !== last) {
        last = seen;
        (progress[jobType] ??= []).push(`${secs(performance.now() - startedAt)} ${seen}`);
      }
      if (header.status !== inProgress) return header;
      // once a second, as the header modal polls: each read counts the header's candidates and previews
      await sleep(1_000);
    }
  };
  /** At most 12 samples, evenly spread, the last always among them. */
  const spread = (samples: string[]) =>
    samples.length <= 12
      ? samples
      : Array.from({ length: 12 }, (_, i) => samples[Math.round((i * (samples.length - 1)) / 11)]!);

  /** CPU seconds of this process (Gains and the bench: all its threads) since the last call. */
  let cpuBefore = process.cpuUsage();
  const cpu = () => {
    const used = process.cpuUsage(cpuBefore);
    cpuBefore = process.cpuUsage();
    return `CPU ${((used.user + used.system) / 1e6).toFixed(1)} s`;
  };
  const t0 = performance.now();
  const created = await call('POST', '/api/admin/documents/headers', {
    typeUuid: type.uuid,
    securityId: security,
    exDate: '2026-09-01',
    payDate: '2026-09-15',
    layerUuid: layer,
    lines,
  });
  const pending = await watch(created.uuid, 'CREATE_CANDIDATES', 'CREATING_CANDIDATES', t0);
  const t1 = performance.now();
  console.log(
    `  candidates and previews   ${secs(t1 - t0).padStart(7)}  ${pending.status}, ${int(pending.counts.candidates)} candidates; ${cpu()}`,
  );
  if (pending.status !== 'PENDING') throw new Error(`the header is ${pending.status}, not PENDING`);

  const processedAt = new Date();
  await call('POST', `/api/admin/documents/headers/${created.uuid}/process`);
  const run = await watch(created.uuid, 'CREATE_TRANSACTIONS', 'CREATING_TRANSACTIONS', t1);
  const t2 = performance.now();
  console.log(
    `  create transactions       ${secs(t2 - t1).padStart(7)}  ${run.status}, ${int(run.counts.successes)} posted, ` +
      `${int(run.counts.failures)} failed; ${cpu()}`,
  );

  // The holders' clients recalculated: each with figures from a run that finished after the posting began.
  let calculated = 0;
  let lastPrint = t2;
  const recalcSamples: string[] = [];
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM clients.client WHERE organisation_uuid = $1 AND code LIKE 'CAB%'
          AND last_calculated_at > $2`,
      [ASHW, processedAt],
    );
    calculated = rows[0]!.n;
    const now = performance.now();
    if (now - lastPrint > 1_000 || calculated >= PORTFOLIOS) {
      lastPrint = now;
      recalcSamples.push(`${secs(now - t2)} ${int(calculated)}/${int(PORTFOLIOS)}`);
    }
    if (calculated >= PORTFOLIOS || now - t2 > 10 * 60_000) break;
    await sleep(250);
  }
  const t3 = performance.now();
  console.log(
    `  holders recalculated      ${secs(t3 - t2).padStart(7)}  ${int(calculated)} clients (the rest recalculated ` +
      `while the postings went on); ${cpu()}`,
  );
  const total = (t3 - t0) / 1000;
  console.log(
    `  total                     ${secs(t3 - t0).padStart(7)}  ${total < TARGET_S ? 'met' : 'NOT met'} ` +
      `(< ${TARGET_S} s for ${int(PORTFOLIOS)} portfolios); load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  for (const [job, samples] of Object.entries(progress))
    console.log(`  ${job} job progress (done/total): ${spread(samples).join(', ')}`);
  console.log(`  recalculation (clients with new figures): ${spread(recalcSamples).join(', ')}`);
}

async function newSecurity(
  call: (method: 'POST', url: string, body: unknown) => Promise<any>,
  issuer: string,
  stem: string,
  name: string,
): Promise<number> {
  const sedol = withSedolCheckDigit(stem);
  return (
    await call('POST', '/api/admin/securities', {
      sedol,
      isin: isinFromSedol('GB', sedol),
      issuer,
      securityName: name,
      reportingName: name,
      currency: 'GBP',
      assetClass: 'EQUITY',
    })
  ).value.id as number;
}

/** PORTFOLIOS clients, each with a GIA portfolio that bought 100-1,099 shares of the security on 3 August 2026. */
async function writeHolders(db: pg.Client, securityId: number) {
  const sedol = (await db.query('SELECT sedol FROM clients.security WHERE id = $1', [securityId])).rows[0]?.sedol ?? '';
  await db.query('BEGIN');
  await insertBenchClients(db, { organisationUuid: ASHW, prefix: 'CAB', name: 'Bench Holder', count: PORTFOLIOS });
  await db.query(
    `INSERT INTO clients.ledger_transaction (uuid, organisation_uuid, portfolio_id, portfolio_code, security_id,
       security_code, type_id, trade_date, report_date, quantity, price, consideration, consideration_gbp, updated_at)
     SELECT gen_random_uuid(), $1, p.id, p.code, $2, $3,
            (SELECT id FROM clients.transaction_type WHERE name = 'BUY' AND organisation_uuid IS NULL),
            DATE '2026-08-03', DATE '2026-08-03', q, 3, q * 3, q * 3, now()
       FROM (SELECT p.*, 100 + (p.id * 37) % 1000 AS q FROM clients.portfolio p
              WHERE p.organisation_uuid = $1 AND p.code LIKE 'CAB%') p`,
    [ASHW, securityId, sedol],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE clients.client, clients.portfolio, clients.portfolio_owner, clients.ledger_transaction');
}
