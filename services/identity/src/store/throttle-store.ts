import type { IdentityPrisma } from './prisma';

export interface ThrottleRecord {
  key: string;
  failures: number;
  windowStartAt: Date;
  lockedUntil: Date | null;
}

export function createThrottleStore(prisma: IdentityPrisma) {
  return {
    async findMany(keys: string[]): Promise<ThrottleRecord[]> {
      return prisma.attemptThrottle.findMany({ where: { key: { in: keys } } });
    },
    async save(record: ThrottleRecord) {
      const { key, ...data } = record;
      await prisma.attemptThrottle.upsert({ where: { key }, create: record, update: data });
    },
    async remove(key: string) {
      await prisma.attemptThrottle.deleteMany({ where: { key } });
    },
  };
}
export type ThrottleStore = ReturnType<typeof createThrottleStore>;
