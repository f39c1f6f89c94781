import type { IdentityPrisma } from './prisma';

export interface SessionRecord {
  id: string;
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
}

export function createSessionStore(prisma: IdentityPrisma) {
  return {
    async insert(session: { id: string; userId: number; expiresAt: Date; remoteAddr: string }) {
      await prisma.session.create({ data: session });
    },
    async findById(id: string): Promise<SessionRecord | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      return prisma.session.findUnique({
        where: { id },
        select: { id: true, userId: true, expiresAt: true, revokedAt: true },
      });
    },
    async isActive(id: string, now: Date): Promise<boolean> {
      const session = await this.findById(id);
      return !!session && !session.revokedAt && session.expiresAt > now;
    },
    async revoke(id: string, now: Date) {
      await prisma.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    },
    /** Revokes every open session of a user, except one when given (the caller's own). */
    async revokeAllOfUser(userId: number, now: Date, exceptId?: string): Promise<number> {
      const { count } = await prisma.session.updateMany({
        where: { userId, revokedAt: null, ...(exceptId ? { id: { not: exceptId } } : {}) },
        data: { revokedAt: now },
      });
      return count;
    },
    async insertRefreshToken(sessionId: string, tokenHash: string) {
      await prisma.refreshToken.create({ data: { sessionId, tokenHash } });
    },
    async findRefreshToken(tokenHash: string): Promise<{ sessionId: string; usedAt: Date | null } | null> {
      return prisma.refreshToken.findUnique({ where: { tokenHash }, select: { sessionId: true, usedAt: true } });
    },
    /** Marks a refresh token used; false when it had already been used (a reuse). */
    async useRefreshToken(tokenHash: string, now: Date): Promise<boolean> {
      const { count } = await prisma.refreshToken.updateMany({
        where: { tokenHash, usedAt: null },
        data: { usedAt: now },
      });
      return count === 1;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
