import type { IdentityPrisma } from './prisma';

export interface StoredSigningKey {
  kid: string;
  algorithm: string;
  privateJwk: object;
  publicJwk: object;
}

export function createSigningKeyStore(prisma: IdentityPrisma) {
  return {
    async listNewestFirst(): Promise<StoredSigningKey[]> {
      const rows = await prisma.signingKey.findMany({ orderBy: { createdAt: 'desc' } });
      return rows.map((r) => ({
        kid: r.kid,
        algorithm: r.algorithm,
        privateJwk: r.privateJwk as object,
        publicJwk: r.publicJwk as object,
      }));
    },
    async insert(key: StoredSigningKey) {
      await prisma.signingKey.create({ data: key });
    },
  };
}
export type SigningKeyStore = ReturnType<typeof createSigningKeyStore>;
