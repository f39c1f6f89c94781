import crypto from 'node:crypto';
import { DEMO_CLIENT_COUNTS, demoOrganisation } from '@gains/service-kit';
import { generateDemoClients } from '../domain/demo-clients';
import type { ClientsPrisma } from './prisma';

/** A stable uuid per client code, so reseeding a fresh database gives the same ids. */
function stableUuid(text: string): string {
  const h = crypto.createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const DEMO_FIRMS = [
  { code: 'ASHW', count: DEMO_CLIENT_COUNTS.ASHW, prefix: 'ASH', seed: 20260406 },
  { code: 'BRKF', count: DEMO_CLIENT_COUNTS.BRKF, prefix: 'BRK', seed: 20250406 },
  { code: 'CLVP', count: DEMO_CLIENT_COUNTS.CLVP, prefix: 'CLV', seed: 20240406 },
] as const;

/** Seeds demo clients into an empty clients schema; a schema with any client is left alone. */
export async function seedDemoClients(prisma: ClientsPrisma): Promise<boolean> {
  if ((await prisma.client.count()) > 0) return false;
  await prisma.$transaction(
    async (tx) => {
      for (const firm of DEMO_FIRMS) {
        const organisationUuid = demoOrganisation(firm.code).uuid;
        await tx.client.createMany({
          data: generateDemoClients(firm.count, firm.prefix, firm.seed).map((c) => ({
            uuid: stableUuid(`${firm.code}/${c.code}`),
            organisationUuid,
            code: c.code,
            name: c.name,
            relationshipManager: c.relationshipManager,
            type: c.type,
            state: c.state,
            inactive: c.inactive,
            ...c.figures,
            holdingBreaks: c.holdingBreaks,
            calculationFailures: c.calculationFailures,
            incomePending: c.incomePending,
            costUpdatePending: c.costUpdatePending,
            thirtyDayDisposalCounter: c.thirtyDayDisposalCounter,
          })),
        });
      }
      // a thousand rows on a busy two-core machine can pass Prisma's 5 s default
    },
    { timeout: 60_000 },
  );
  return true;
}
