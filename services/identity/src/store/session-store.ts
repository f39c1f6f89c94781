import type { IdentityPrisma } from './prisma';

export function createSessionStore(prisma: IdentityPrisma) {
  return {
    async insert(session: { id: string; userId: number; expiresAt: Date; remoteAddr: string }) {
      await prisma.session.create({ data: session });
    },
    async isActive(id: string, now: Date): Promise<boolean> {
      const session = await prisma.session.findUnique({ where: { id } });
      return !!session && !session.revokedAt && session.expiresAt > now;
    },
    async revoke(id: string, now: Date) {
      await prisma.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
