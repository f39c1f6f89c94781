import { createHash } from 'node:crypto';
import type { DocumentsPrisma } from './prisma';

/** Every security's first layer: the event itself (an election would be another). */
export const MAIN_LAYER = 'Main event';

/** A stable uuid for a security's named layer, so asking twice never makes two. */
function layerUuid(securityId: number, name: string): string {
  const h = createHash('sha256').update(`layer:${securityId}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An event's layers on a security (seed 001 §3): the main event is there from the first ask. */
export function createLayerStore(prisma: DocumentsPrisma) {
  return {
    async list(securityId: number): Promise<{ uuid: string; name: string }[]> {
      const uuid = layerUuid(securityId, MAIN_LAYER);
      await prisma.layer.upsert({ where: { uuid }, create: { uuid, securityId, name: MAIN_LAYER }, update: {} });
      const rows = await prisma.layer.findMany({ where: { securityId }, orderBy: { createdAt: 'asc' } });
      return rows.map((r) => ({ uuid: r.uuid, name: r.name }));
    },
    async find(securityId: number, uuid: string): Promise<{ uuid: string; name: string } | null> {
      const row = await prisma.layer.findFirst({ where: { uuid, securityId } });
      return row && { uuid: row.uuid, name: row.name };
    },
  };
}

export type LayerStore = ReturnType<typeof createLayerStore>;
