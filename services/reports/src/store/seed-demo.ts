import crypto from 'node:crypto';
import { DEMO_ORGANISATIONS } from '@gains/service-kit';
import type { ReportsPrisma } from './prisma';

/** A stable uuid from a name, so the demo rows are the same on every first run. */
function demoUuid(name: string): string {
  const h = crypto.createHash('sha256').update(`gains-demo-reports:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * So the Job Monitor and the ACT Monitor are not empty on a first run: each demo firm gets a few finished jobs and
 * monitor logs of every severity dated today. Only on an empty read model (real jobs then add to it).
 */
export async function seedDemoMonitor(prisma: ReportsPrisma, now = new Date()) {
  if ((await prisma.monitoredJob.count()) > 0) return null;
  const firms = DEMO_ORGANISATIONS.filter((o) => o.type === 'FIRM');
  let jobs = 0;
  let logs = 0;
  for (const firm of firms) {
    const minutes = (m: number) => new Date(now.getTime() - m * 60_000);
    const specs = [
      {
        type: 'IMPORT_TRANSACTIONS',
        status: 'SUCCEEDED',
        total: 1200,
        ok: 1200,
        bad: 0,
        kind: 'FILE',
        id: 'transactions.csv',
        age: 90,
      },
      {
        type: 'IMPORT_PRICES',
        status: 'PARTIALLY_SUCCEEDED',
        total: 40,
        ok: 38,
        bad: 2,
        kind: 'FILE',
        id: 'prices.csv',
        age: 60,
      },
      {
        type: 'RECONCILE_HOLDINGS',
        status: 'FAILED',
        total: 12,
        ok: 0,
        bad: 12,
        kind: 'FILE',
        id: 'custodian-holdings.csv',
        age: 30,
      },
    ];
    for (const s of specs) {
      const uuid = demoUuid(`${firm.code}:${s.type}`);
      await prisma.monitoredJob.create({
        data: {
          uuid,
          organisationUuid: firm.uuid,
          service: 'clients',
          type: s.type,
          status: s.status,
          progressDone: BigInt(s.total),
          progressTotal: BigInt(s.total),
          candidates: BigInt(s.total),
          successes: BigInt(s.ok),
          failures: BigInt(s.bad),
          objectKind: s.kind,
          objectId: s.id,
          startedByUserId: '',
          startedByName: 'Morgan Manager',
          createdAt: minutes(s.age),
          updatedAt: minutes(s.age - 2),
          startedAt: minutes(s.age),
          finishedAt: minutes(s.age - 2),
          traceId: crypto.createHash('md5').update(uuid).digest('hex'),
          message: s.bad ? `${s.bad} rows could not be processed` : '',
          version: 5,
        },
      });
      jobs += 1;
      if (s.bad) {
        await prisma.monitoredJobFailure.createMany({
          data: Array.from({ length: s.bad }, (_, i) => ({
            jobUuid: uuid,
            line: i + 2,
            column: s.type === 'IMPORT_PRICES' ? 'price' : 'quantity',
            key: `P${String(i + 1).padStart(3, '0')}`,
            reason:
              s.type === 'IMPORT_PRICES'
                ? 'Price must be a decimal number greater than 0'
                : 'Custodian quantity differs from the ledger',
          })),
        });
      }
    }
    const reconcile = demoUuid(`${firm.code}:RECONCILE_HOLDINGS`);
    const prices = demoUuid(`${firm.code}:IMPORT_PRICES`);
    const logSpecs = [
      {
        job: prices,
        severity: 1,
        code: 'PRICE_MISSING',
        message: 'No price for the valuation date',
        security: '0263494',
      },
      {
        job: prices,
        severity: 2,
        code: 'PRICE_STALE',
        message: 'Price older than 5 business days',
        security: 'B0YBKJ7',
      },
      {
        job: reconcile,
        severity: 3,
        code: 'REC_BREAK',
        message: 'Custodian holding differs from the ledger',
        security: '0263494',
      },
      {
        job: reconcile,
        severity: 4,
        code: 'REC_UNKNOWN_PORTFOLIO',
        message: 'Custodian portfolio not in the ledger',
        security: '',
      },
    ];
    for (const [i, l] of logSpecs.entries()) {
      await prisma.monitorLog.create({
        data: {
          uuid: demoUuid(`${firm.code}:log:${i}`),
          organisationUuid: firm.uuid,
          jobUuid: l.job,
          createdAt: new Date(now.getTime() - (i + 1) * 60_000),
          errorSeverityId: l.severity,
          errorOccurrences: 1,
          warningType: l.code.startsWith('REC') ? 'RECONCILIATION' : 'PRICING',
          portfolioOccurrences: 1,
          securitiesOccurrences: l.security ? 1 : 0,
          clientOccurrences: 1,
          errorCode: l.code,
          logMessage: l.message,
          warningMessage: '',
          portfolioCode: `${firm.code}-P001`,
          securityCode: l.security,
          clientCode: `${firm.code}-C001`,
        },
      });
      logs += 1;
    }
  }
  return { jobs, logs };
}
