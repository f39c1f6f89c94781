import type { ClientsTx } from './prisma';

export interface OrganisationSnapshot {
  uuid: string;
  id: number;
  code: string;
  name: string;
  type: string;
}

/** Keeps the read model of identity's organisations current. */
export async function upsertOrganisation(tx: ClientsTx, org: OrganisationSnapshot): Promise<void> {
  await tx.organisation.upsert({ where: { uuid: org.uuid }, create: org, update: org });
}
