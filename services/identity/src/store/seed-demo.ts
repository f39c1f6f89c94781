import { appendToOutbox } from '@gains/outbox';
import { DEMO_LARGE_ORGANISATION, DEMO_ORGANISATIONS, DEMO_USERS } from '@gains/service-kit';
import { hashPassword } from '../domain/password-hashing';
import { ORGANISATION_CREATED, organisationEvent } from '../events/organisation-events';
import type { IdentityPrisma } from './prisma';

/** Seeds the demo tenancy into an empty identity schema; a schema with any organisation is left alone. */
export async function seedDemoIdentity(prisma: IdentityPrisma, password: string): Promise<boolean> {
  if ((await prisma.organisation.count()) > 0 || (await prisma.user.count()) > 0) return false;
  const passwordHash = await hashPassword(password);
  await prisma.$transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const org of DEMO_ORGANISATIONS) {
      const created = await tx.organisation.create({
        data: {
          uuid: org.uuid,
          code: org.code,
          name: org.name,
          type: org.type,
          parentId: org.parent ? ids.get(org.parent) : null,
          mfaRequired: org.mfaRequired,
        },
      });
      ids.set(org.code, created.id);
      await appendToOutbox(tx, [organisationEvent(ORGANISATION_CREATED, created)]);
    }
    for (const user of DEMO_USERS) {
      await tx.user.create({
        data: {
          uuid: user.uuid,
          email: user.email,
          name: user.name,
          roles: [...user.roles],
          passwordHash,
          memberships: { create: user.organisations.map((code) => ({ organisationId: ids.get(code)! })) },
        },
      });
    }
  });
  return true;
}

/**
 * Adds the large demo firm and its members' memberships when it is missing (asked for with --large, perhaps on a
 * later start than the first); its creation event gives the other services their read model of it.
 */
export async function seedLargeDemoOrganisation(prisma: IdentityPrisma): Promise<boolean> {
  const org = DEMO_LARGE_ORGANISATION;
  if (await prisma.organisation.findUnique({ where: { uuid: org.uuid } })) return false;
  const parent = await prisma.organisation.findUnique({ where: { code: org.parent } });
  const members = await prisma.user.findMany({ where: { email: { in: [...org.members] } } });
  await prisma.$transaction(async (tx) => {
    const created = await tx.organisation.create({
      data: {
        uuid: org.uuid,
        code: org.code,
        name: org.name,
        type: org.type,
        parentId: parent?.id ?? null,
        mfaRequired: org.mfaRequired,
        memberships: { create: members.map((m) => ({ userId: m.id })) },
      },
    });
    await appendToOutbox(tx, [organisationEvent(ORGANISATION_CREATED, created)]);
  });
  return true;
}
