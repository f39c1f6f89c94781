/**
 * A batch print of CGT reports end to end through the BFF (issue 27, "Batch reports": 10,000 CGT reports publish in
 * under 10 minutes): N clients of Ashworth of one relationship manager, each with a purchase and a sale in 2024-25
 * (one disposal), written straight into the clients schema and computed by the tax engine (the organisation's
 * recalculation, timed on its own); then a print of their 2024-25 CGT reports created as the demo's manager
 * (POST /api/batch-reports), its candidates identified, and published (POST .../publish), timed to Complete with
 * the job's progress every 10 s. Prints the time to identify, to publish, the reports a second, and whether 10,000
 * would publish in under 10 minutes at that rate. Prints figures; asserts nothing.
 *
 *   pnpm bench batch-reports [--clients 10000]
 */
import os from 'node:os';
import { ASHW, int, option, secs, sleep, withBenchSystem } from './support/bench-system';
import { insertBenchClients } from './support/bench-clients';

const CLIENTS = Number(option('clients', '10000'));
if (!Number.isInteger(CLIENTS) || CLIENTS < 1 || CLIENTS > 100_000)
  throw new Error('--clients must be a whole number from 1 to 100,000');
const TARGET_PER_10000_S = 600;
const RM = 'BENCH';

await withBenchSystem({ password: 'Bench-batch-reports-1!', name: 'batch' }, async ({ db, as }) => {
  const call = await as('manager@gains.example');
  const written = performance.now();
  await db.query('BEGIN');
  await insertBenchClients(db, {
    organisationUuid: ASHW,
    prefix: 'BRB',
    name: 'Bench Reported',
    count: CLIENTS,
    manager: { code: RM, name: 'Bench Manager' },
  });
  // 100 + k bought at £4.00 on 01/05/2024, 40 sold at £5.00 on 01/09/2024 (security 1): one disposal each.
  for (const [type, date, quantity, price] of [
    ['BUY', '2024-05-01', `100 + (p.id % 50)`, '4'],
    ['SELL', '2024-09-01', '40', '5'],
  ] as const)
    await db.query(
      `INSERT INTO clients.ledger_transaction (uuid, organisation_uuid, portfolio_id, portfolio_code, security_id,
         security_code, type_id, trade_date, report_date, quantity, price, consideration, consideration_gbp, updated_at)
       SELECT gen_random_uuid(), $1, p.id, p.code, 1, (SELECT sedol FROM clients.security WHERE id = 1),
              (SELECT id FROM clients.transaction_type WHERE name = '${type}' AND organisation_uuid IS NULL),
              DATE '${date}', DATE '${date}', ${quantity}, ${price}, (${quantity}) * ${price}, (${quantity}) * ${price}, now()
         FROM clients.portfolio p WHERE p.organisation_uuid = $1 AND p.code LIKE 'BRB%'`,
      [ASHW],
    );
  await db.query('COMMIT');
  await db.query('ANALYZE clients.client, clients.portfolio, clients.portfolio_owner, clients.ledger_transaction');
  console.log(
    `batch print of ${int(CLIENTS)} clients' 2024-25 CGT reports (Ashworth, one disposal each); load ` +
      `${os.loadavg()[0]!.toFixed(1)}; clients written in ${secs(performance.now() - written)}`,
  );

  // Every client's calculation stored first: the reports read it (a client never computed would be computed then).
  const computing = performance.now();
  await call('POST', '/api/admin/calculations/recalculate', { organisation: true });
  const computed = async () =>
    Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM clients.client WHERE organisation_uuid = $1 AND code LIKE 'BRB%'
              AND last_calculated_at IS NOT NULL`,
          [ASHW],
        )
      ).rows[0].n,
    );
  for (let n = await computed(); n < CLIENTS; n = await computed()) await sleep(500);
  console.log(`  the clients' calculations: ${secs(performance.now() - computing)}`);

  const started = performance.now();
  const print = await call('POST', '/api/batch-reports', {
    taxYear: '2024-25',
    reportType: 'cgt-realised',
    relationshipManager: RM,
  });
  const read = () => call('GET', `/api/batch-reports/${print.id}`);
  let state = await read();
  while (state.status === 'IDENTIFYING') state = (await sleep(200), await read());
  const identified = performance.now();
  console.log(
    `  identify: ${int(state.identifiedCandidates)} candidates in ${secs(identified - started)} (${state.status})`,
  );

  await call('POST', `/api/batch-reports/${print.id}/publish`);
  let shown = performance.now();
  let at10000 = 0;
  for (state = await read(); state.status === 'PUBLISHING'; state = await read()) {
    if (!at10000 && state.progressDone >= 10_000) at10000 = performance.now();
    if (performance.now() - shown >= 10_000) {
      shown = performance.now();
      console.log(
        `    ${secs(shown - identified)}: ${int(state.progressDone)} of ${int(state.progressTotal)} published`,
      );
    }
    await sleep(250);
  }
  const published = performance.now();
  const ms = published - identified;
  const rate = (state.publishedCandidates / ms) * 1000;
  console.log(
    `  publish: ${int(state.publishedCandidates)} reports in ${secs(ms)} (${state.status}), ${rate.toFixed(1)} a second` +
      (at10000 ? `; the 10,000th at ${secs(at10000 - identified)}` : ''),
  );
  if (state.status !== 'COMPLETE') {
    const pending = await call('GET', `/api/batch-reports/${print.id}/candidates?status=PENDING&size=3`);
    console.log(`  not complete: ${state.message} ${JSON.stringify(pending.content.map((c: any) => c.failureReason))}`);
    const jobs = await call('GET', `/api/jobs?size=5&type=BATCH_PUBLISH`);
    console.log(`  the publish job: ${JSON.stringify(jobs.content?.[0]).slice(0, 400)}`);
  }
  const per10000 = 10_000 / rate;
  console.log(
    `10,000 CGT reports at this rate: ${secs(per10000 * 1000)} (target under ${TARGET_PER_10000_S} s): ` +
      (per10000 < TARGET_PER_10000_S ? 'met' : 'NOT met'),
  );
});
