import { DomainError } from '@gains/errors';
import type { IdentityPrisma } from './prisma';

export type UserStatus = 'ACTIVE' | 'NEW_PASSWORD_REQUIRED' | 'DISABLED';

export interface UserRecord {
  id: number;
  uuid: string;
  email: string;
  name: string;
  roles: string[];
  passwordHash: string;
  status: string;
  mfaSecret: string | null;
  mfaPendingSecret: string | null;
  mfaLastStep: number | null;
  createdAt: Date;
  organisationUuids: string[];
  /** Whether any organisation the user belongs to requires multi-factor authentication. */
  mfaRequired: boolean;
}

const withMemberships = {
  memberships: { include: { organisation: { select: { uuid: true, mfaRequired: true } } } },
} as const;

type Row = {
  id: number;
  uuid: string;
  email: string;
  name: string;
  roles: string[];
  passwordHash: string;
  status: string;
  mfaSecret: string | null;
  mfaPendingSecret: string | null;
  mfaLastStep: bigint | null;
  createdAt: Date;
  memberships: { organisation: { uuid: string; mfaRequired: boolean } }[];
};

function toRecord(row: Row): UserRecord {
  const { memberships, mfaLastStep, ...rest } = row;
  return {
    ...rest,
    mfaLastStep: mfaLastStep === null ? null : Number(mfaLastStep),
    organisationUuids: memberships.map((m) => m.organisation.uuid),
    mfaRequired: memberships.some((m) => m.organisation.mfaRequired),
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createUserStore(prisma: IdentityPrisma) {
  return {
    async findByEmail(email: string): Promise<UserRecord | null> {
      const row = await prisma.user.findUnique({ where: { email: normaliseEmail(email) }, include: withMemberships });
      return row && toRecord(row);
    },
    async findById(id: number): Promise<UserRecord | null> {
      const row = await prisma.user.findUnique({ where: { id }, include: withMemberships });
      return row && toRecord(row);
    },
    async findByUuid(uuid: string): Promise<UserRecord | null> {
      if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
      const row = await prisma.user.findUnique({ where: { uuid }, include: withMemberships });
      return row && toRecord(row);
    },
    async setPassword(id: number, passwordHash: string, status: UserStatus) {
      await prisma.user.update({ where: { id }, data: { passwordHash, status } });
    },
    async setStatus(id: number, status: UserStatus) {
      await prisma.user.update({ where: { id }, data: { status } });
    },
    async setPendingMfaSecret(id: number, encryptedSecret: string) {
      await prisma.user.update({ where: { id }, data: { mfaPendingSecret: encryptedSecret } });
    },
    /** Makes the pending secret the user's secret, recording the first code's step. */
    async activateMfa(id: number, encryptedSecret: string, step: number) {
      await prisma.user.update({
        where: { id },
        data: { mfaSecret: encryptedSecret, mfaPendingSecret: null, mfaLastStep: BigInt(step) },
      });
    },
    async clearMfa(id: number) {
      await prisma.user.update({ where: { id }, data: { mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null } });
    },
    /**
     * Records a TOTP step as used, only if it is newer than the last one: false means the code was
     * already used (or an older one), atomically even under concurrent attempts.
     */
    async useMfaStep(id: number, step: number): Promise<boolean> {
      const { count } = await prisma.user.updateMany({
        where: { id, OR: [{ mfaLastStep: null }, { mfaLastStep: { lt: BigInt(step) } }] },
        data: { mfaLastStep: BigInt(step) },
      });
      return count === 1;
    },
    async insert(user: {
      uuid: string;
      email: string;
      name: string;
      roles: string[];
      passwordHash: string;
      status: UserStatus;
      organisationIds: number[];
    }): Promise<UserRecord> {
      try {
        const row = await prisma.user.create({
          data: {
            uuid: user.uuid,
            email: normaliseEmail(user.email),
            name: user.name,
            roles: user.roles,
            passwordHash: user.passwordHash,
            status: user.status,
            memberships: { create: user.organisationIds.map((organisationId) => ({ organisationId })) },
          },
          include: withMemberships,
        });
        return toRecord(row);
      } catch (error) {
        if ((error as { code?: string }).code === 'P2002') {
          throw new DomainError('ALREADY_EXISTS', 'A user with this email address already exists', 'email');
        }
        throw error;
      }
    },
    /** A page of users, optionally only those belonging to one of the given organisations. */
    async listPage(options: {
      page: number;
      size: number;
      term: string;
      organisationUuids?: string[];
    }): Promise<{ content: UserRecord[]; totalSize: number }> {
      const where = {
        ...(options.organisationUuids
          ? { memberships: { some: { organisation: { uuid: { in: options.organisationUuids } } } } }
          : {}),
        ...(options.term
          ? {
              OR: [
                { email: { contains: options.term, mode: 'insensitive' as const } },
                { name: { contains: options.term, mode: 'insensitive' as const } },
              ],
            }
          : {}),
      };
      const [rows, totalSize] = await Promise.all([
        prisma.user.findMany({
          where,
          include: withMemberships,
          orderBy: { email: 'asc' },
          skip: (options.page - 1) * options.size,
          take: options.size,
        }),
        prisma.user.count({ where }),
      ]);
      return { content: rows.map(toRecord), totalSize };
    },
  };
}
export type UserStore = ReturnType<typeof createUserStore>;
