import crypto from 'node:crypto';
import type { IdentityPrisma } from './prisma';

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: Date;
}

/** The development mailbox: mail kept in identity's schema when no SMTP server is configured. */
export function createMailStore(prisma: IdentityPrisma) {
  return {
    async insert(mail: { to: string; subject: string; text: string }) {
      await prisma.mailMessage.create({ data: { id: crypto.randomUUID(), ...mail } });
    },
    async list(to: string | undefined, limit = 100): Promise<{ content: StoredMail[]; totalSize: number }> {
      const where = to ? { to: to.trim().toLowerCase() } : {};
      const [content, totalSize] = await Promise.all([
        prisma.mailMessage.findMany({ where, orderBy: { sentAt: 'desc' }, take: limit }),
        prisma.mailMessage.count({ where }),
      ]);
      return { content, totalSize };
    },
  };
}
export type MailStore = ReturnType<typeof createMailStore>;
