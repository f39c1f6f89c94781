import type { IdentityPrisma } from './prisma';

export interface PasswordResetRecord {
  id: string;
  userId: number;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export function createPasswordResetStore(prisma: IdentityPrisma) {
  return {
    async insert(reset: { id: string; userId: number; codeHash: string; expiresAt: Date }) {
      await prisma.passwordReset.create({ data: reset });
    },
    /** The newest code sent to the user that is unused and unexpired. */
    async findLatestOpen(userId: number, now: Date): Promise<PasswordResetRecord | null> {
      return prisma.passwordReset.findFirst({
        where: { userId, usedAt: null, expiresAt: { gt: now } },
        orderBy: { createdAt: 'desc' },
      });
    },
    /** Marks the code used; false if it had been used meanwhile. */
    async markUsed(id: string, now: Date): Promise<boolean> {
      const { count } = await prisma.passwordReset.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } });
      return count === 1;
    },
    /** Closes every open code of the user (after a reset or a new request). */
    async closeAllOfUser(userId: number, now: Date) {
      await prisma.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    },
  };
}
export type PasswordResetStore = ReturnType<typeof createPasswordResetStore>;
