import type { IdentityPrisma } from './prisma';

export interface UserRecord {
  id: number;
  uuid: string;
  email: string;
  name: string;
  roles: string[];
  passwordHash: string;
  status: string;
  organisationUuids: string[];
}

const withMemberships = { memberships: { include: { organisation: { select: { uuid: true } } } } } as const;

type Row = {
  id: number;
  uuid: string;
  email: string;
  name: string;
  roles: string[];
  passwordHash: string;
  status: string;
  memberships: { organisation: { uuid: string } }[];
};

function toRecord(row: Row): UserRecord {
  const { memberships, ...rest } = row;
  return { ...rest, organisationUuids: memberships.map((m) => m.organisation.uuid) };
}

export function createUserStore(prisma: IdentityPrisma) {
  return {
    async findByEmail(email: string): Promise<UserRecord | null> {
      const row = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, include: withMemberships });
      return row && toRecord(row);
    },
    async findByUuid(uuid: string): Promise<UserRecord | null> {
      const row = await prisma.user.findUnique({ where: { uuid }, include: withMemberships });
      return row && toRecord(row);
    },
  };
}
export type UserStore = ReturnType<typeof createUserStore>;
