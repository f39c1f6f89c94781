import { DomainError } from '@gains/errors';
import { Prisma } from './generated/client';
import type { InvitationRecord } from './invitation-store';
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

/** A row of an administrator's list of users: a user, or an invitation shown as the invitee. */
export type ListedUser = { kind: 'user'; user: UserRecord } | { kind: 'invitation'; invitation: InvitationRecord };

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
    /** Disables a user, remembering the status to return to. */
    async disable(id: number) {
      const user = await prisma.user.findUniqueOrThrow({ where: { id } });
      if (user.status === 'DISABLED') return;
      await prisma.user.update({ where: { id }, data: { status: 'DISABLED', statusBeforeDisabled: user.status } });
    },
    /** Enables a disabled user in the status they had before (ACTIVE when none was kept). */
    async enable(id: number) {
      const user = await prisma.user.findUniqueOrThrow({ where: { id } });
      if (user.status !== 'DISABLED') return;
      await prisma.user.update({
        where: { id },
        data: { status: user.statusBeforeDisabled ?? 'ACTIVE', statusBeforeDisabled: null },
      });
    },
    async setPendingMfaSecret(id: number, encryptedSecret: string) {
      await prisma.user.update({ where: { id }, data: { mfaPendingSecret: encryptedSecret } });
    },
    /**
     * Makes the pending secret the user's secret, recording the first code's step; false when the user
     * already has a secret (another attempt got there first), atomically.
     */
    async activateMfa(id: number, encryptedSecret: string, step: number): Promise<boolean> {
      const { count } = await prisma.user.updateMany({
        where: { id, mfaSecret: null, mfaPendingSecret: encryptedSecret },
        data: { mfaSecret: encryptedSecret, mfaPendingSecret: null, mfaLastStep: BigInt(step) },
      });
      return count === 1;
    },
    /**
     * Replaces the temporary password of a user who must choose one; false when it was already
     * replaced (another attempt got there first), atomically.
     */
    async replaceTemporaryPassword(id: number, temporaryHash: string, passwordHash: string): Promise<boolean> {
      const { count } = await prisma.user.updateMany({
        where: { id, status: 'NEW_PASSWORD_REQUIRED', passwordHash: temporaryHash },
        data: { passwordHash, status: 'ACTIVE' },
      });
      return count === 1;
    },
    async clearMfa(id: number) {
      await prisma.user.update({ where: { id }, data: { mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null } });
    },
    /**
     * Records a TOTP step as used, only if it is newer than the last one and the last one is still the
     * one the caller read: false means the code was already used (or an older one), or another
     * attempt got there first, atomically even under concurrent attempts.
     */
    async useMfaStep(id: number, step: number, lastStep: number | null): Promise<boolean> {
      if (lastStep !== null && step <= lastStep) return false;
      const { count } = await prisma.user.updateMany({
        where: { id, mfaLastStep: lastStep === null ? null : BigInt(lastStep) },
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
    /**
     * A page of what a customer administrator's list shows: the users belonging to one of their
     * organisations and the invitations into one of them, together in email order.
     */
    async listPageWithInvitations(options: {
      page: number;
      size: number;
      term: string;
      organisationUuids: string[];
    }): Promise<{ content: ListedUser[]; totalSize: number }> {
      const scope = options.organisationUuids;
      const pattern = `%${options.term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const listed = Prisma.sql`
        SELECT 'user' AS kind, u.id, u.email FROM app_user u
         WHERE EXISTS (SELECT 1 FROM membership m JOIN organisation o ON o.id = m.organisation_id
                        WHERE m.user_id = u.id AND o.uuid = ANY(${scope}::uuid[]))
           AND (${options.term} = '' OR u.email ILIKE ${pattern} OR u.name ILIKE ${pattern})
        UNION ALL
        SELECT 'invitation' AS kind, i.id, i.email FROM invitation i
         WHERE i.organisation_uuids && ${scope}::uuid[]
           AND (${options.term} = '' OR i.email ILIKE ${pattern} OR i.name ILIKE ${pattern})`;
      const [rows, counted] = await Promise.all([
        prisma.$queryRaw<{ kind: 'user' | 'invitation'; id: number }[]>`
          SELECT kind, id FROM (${listed}) AS listed ORDER BY email, kind DESC, id
          LIMIT ${options.size} OFFSET ${(options.page - 1) * options.size}`,
        prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (${listed}) AS listed`,
      ]);
      const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.id);
      const [users, invitations] = await Promise.all([
        prisma.user.findMany({ where: { id: { in: ids('user') } }, include: withMemberships }),
        prisma.invitation.findMany({ where: { id: { in: ids('invitation') } } }),
      ]);
      const content = rows.map((r): ListedUser => {
        if (r.kind === 'user') return { kind: 'user', user: toRecord(users.find((u) => u.id === r.id)!) };
        return { kind: 'invitation', invitation: invitations.find((i) => i.id === r.id)! };
      });
      return { content, totalSize: counted[0]?.n ?? 0 };
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
