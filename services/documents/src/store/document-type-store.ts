import { randomUUID } from 'node:crypto';
import type { DocumentTypeRecord } from '../domain/deps';
import { processingOverrideOf, type DocumentTypeWrite } from '../domain/document-type-rules';
import { lineDefinitionUuid, SYSTEM_DOCUMENT_TYPES } from '../domain/document-types';
import type { DocumentsPrisma } from './prisma';
import type { Prisma } from './generated/client';

const WITH_LINES = {
  lineDefinitions: { orderBy: { ord: 'asc' as const } },
  base: { select: { uuid: true, code: true, name: true } },
} satisfies Prisma.DocumentTypeInclude;
type TypeRow = Prisma.DocumentTypeGetPayload<{ include: typeof WITH_LINES }>;

function record(t: TypeRow): DocumentTypeRecord {
  return {
    id: t.id,
    uuid: t.uuid,
    code: t.code,
    name: t.name,
    documentTypeCode: t.documentTypeCode,
    effect: t.effect as DocumentTypeRecord['effect'],
    apportionmentFactorMethodId: t.apportionmentFactorMethodId,
    parentSecurityPriceMandatory: t.parentSecurityPriceMandatory,
    newSecurityPriceMandatory: t.newSecurityPriceMandatory,
    allowZeroRate: t.allowZeroRate,
    apportionmentFactor: t.apportionmentFactor,
    smallCheck: t.smallCheck,
    eri: t.eri,
    useG1G2: t.useG1G2,
    groupMethod: t.groupMethod as DocumentTypeRecord['groupMethod'],
    corporateAction: t.corporateAction,
    portfolioMovement: t.portfolioMovement,
    schedule: t.schedule,
    income: t.income,
    system: t.organisationUuid === null,
    lineDefinitions: t.lineDefinitions.map((d) => ({
      id: d.id,
      uuid: d.uuid,
      ord: d.ord,
      transactionTypeName: d.transactionTypeName,
      transactionTypeDescription: d.transactionTypeDescription,
      newSecurity: d.newSecurity,
      useParentSecurityPrice: d.useParentSecurityPrice,
      usePriceInTransaction: d.usePriceInTransaction,
      apportionmentFactor: d.apportionmentFactor,
      mandatory: d.mandatory,
      multiple: d.multiple,
      defaultPrice: d.defaultPrice === null ? null : d.defaultPrice.toString(),
      defaultIncomeReportLabel: d.defaultIncomeReportLabel,
      rateAppliesToId: d.rateAppliesToId,
    })),
    active: t.active,
    version: t.version,
    base: t.base,
    updatedByName: t.updatedByName,
    updatedAt: t.updatedAt.toISOString(),
    processingOverride: processingOverrideOf(t.processingOverride),
  };
}

/** The editable columns of a type (document-type-rules.ts); the rest are the base's. */
function typeFields(w: DocumentTypeWrite, byName: string) {
  return {
    name: w.name,
    active: w.active,
    parentSecurityPriceMandatory: w.parentSecurityPriceMandatory,
    newSecurityPriceMandatory: w.newSecurityPriceMandatory,
    allowZeroRate: w.allowZeroRate,
    smallCheck: w.smallCheck,
    apportionmentFactorMethodId: w.apportionmentFactorMethodId,
    groupMethod: w.groupMethod,
    processingOverride: { ...w.processingOverride },
    updatedAt: new Date(),
    updatedByName: byName,
  };
}

/** Document types: the system's (seeded at every start) and a firm's own, always read for one organisation. */
export function createDocumentTypeStore(prisma: DocumentsPrisma) {
  return {
    /** The system types as document-types.ts has them: inserted or brought up to date, idempotently. */
    async seedSystemTypes(): Promise<void> {
      for (const [index, t] of SYSTEM_DOCUMENT_TYPES.entries()) {
        const fields = {
          code: t.code,
          name: t.name,
          documentTypeCode: t.documentTypeCode,
          effect: t.effect,
          apportionmentFactorMethodId: t.apportionmentFactorMethodId ?? 1,
          parentSecurityPriceMandatory: t.parentSecurityPriceMandatory ?? false,
          newSecurityPriceMandatory: t.newSecurityPriceMandatory ?? false,
          allowZeroRate: t.allowZeroRate ?? false,
          apportionmentFactor: t.apportionmentFactor ?? false,
          smallCheck: t.smallCheck ?? false,
          eri: t.eri ?? false,
          useG1G2: t.useG1G2 ?? false,
          groupMethod: t.groupMethod ?? 'FIFO',
          corporateAction: t.documentTypeCode === 'CA',
          portfolioMovement: t.documentTypeCode === 'PM',
          income: t.income ?? false,
        };
        const saved = await prisma.documentType.upsert({
          where: { uuid: t.uuid },
          create: { uuid: t.uuid, ...fields },
          update: fields,
        });
        for (const [i, d] of t.lines.entries()) {
          const ord = i + 1;
          const line = {
            ord,
            transactionTypeName: d.transactionTypeName,
            transactionTypeDescription: d.transactionTypeDescription,
            newSecurity: d.newSecurity ?? false,
            useParentSecurityPrice: d.useParentSecurityPrice ?? false,
            usePriceInTransaction: d.usePriceInTransaction ?? false,
            apportionmentFactor: d.apportionmentFactor ?? false,
            mandatory: d.mandatory ?? true,
            multiple: d.multiple ?? false,
            defaultPrice: d.defaultPrice ?? null,
            defaultIncomeReportLabel: d.defaultIncomeReportLabel ?? '',
            rateAppliesToId: d.rateAppliesTo ?? 1,
          };
          const uuid = lineDefinitionUuid(index + 1, ord);
          await prisma.lineDefinition.upsert({
            where: { uuid },
            create: { uuid, documentTypeId: saved.id, ...line },
            update: line,
          });
        }
      }
    },

    async list(
      organisationUuid: string,
      documentTypeCode: string,
      includeInactive = false,
    ): Promise<DocumentTypeRecord[]> {
      const rows = await prisma.documentType.findMany({
        where: {
          OR: [{ organisationUuid: null }, { organisationUuid }],
          ...(!includeInactive && { active: true }),
          ...(documentTypeCode && { documentTypeCode }),
        },
        include: WITH_LINES,
        orderBy: [{ documentTypeCode: 'asc' }, { name: 'asc' }],
      });
      return rows.map(record);
    },

    async find(organisationUuid: string, uuid: string): Promise<DocumentTypeRecord | null> {
      const row = await prisma.documentType.findFirst({
        where: { uuid, OR: [{ organisationUuid: null }, { organisationUuid }] },
        include: WITH_LINES,
      });
      return row ? record(row) : null;
    },

    /** Whether the code is a system type's or one of the organisation's. */
    async codeTaken(organisationUuid: string, code: string): Promise<boolean> {
      const found = await prisma.documentType.findFirst({
        where: { code, OR: [{ organisationUuid: null }, { organisationUuid }] },
        select: { id: true },
      });
      return found !== null;
    },

    /**
     * A firm's own type copied from the system type `baseId`: the base's effect, kind and every line definition's
     * ledger columns, with the checked editable fields. Null when the code was taken meanwhile (unique per firm).
     */
    async insertCopy(
      organisationUuid: string,
      baseId: number,
      code: string,
      write: DocumentTypeWrite,
      byName: string,
    ): Promise<DocumentTypeRecord | null> {
      const base = await prisma.documentType.findUniqueOrThrow({ where: { id: baseId }, include: WITH_LINES });
      const edited = new Map(write.lineDefinitions.map((l) => [l.ord, l]));
      try {
        const row = await prisma.documentType.create({
          data: {
            uuid: randomUUID(),
            organisationUuid,
            code,
            documentTypeCode: base.documentTypeCode,
            effect: base.effect,
            apportionmentFactor: base.apportionmentFactor,
            eri: base.eri,
            useG1G2: base.useG1G2,
            corporateAction: base.corporateAction,
            portfolioMovement: base.portfolioMovement,
            schedule: base.schedule,
            income: base.income,
            baseTypeId: base.id,
            ...typeFields(write, byName),
            lineDefinitions: {
              create: base.lineDefinitions.map(({ id: _id, uuid: _uuid, documentTypeId: _t, ...d }) => {
                const e = edited.get(d.ord);
                return {
                  ...d,
                  uuid: randomUUID(),
                  ...(e && {
                    transactionTypeDescription: e.transactionTypeDescription,
                    defaultPrice: e.defaultPrice,
                    defaultIncomeReportLabel: e.defaultIncomeReportLabel,
                    mandatory: e.mandatory,
                    multiple: e.multiple,
                  }),
                };
              }),
            },
          },
          include: WITH_LINES,
        });
        return record(row);
      } catch (e) {
        if ((e as { code?: string }).code === 'P2002') return null;
        throw e;
      }
    },

    /**
     * The organisation's own type's editable fields replaced if its version is still `version` (null when not: a
     * stale edit, or no such type of the organisation), the type and its lines in one transaction.
     */
    async update(
      organisationUuid: string,
      uuid: string,
      version: number,
      write: DocumentTypeWrite,
      byName: string,
    ): Promise<DocumentTypeRecord | null> {
      return prisma.$transaction(async (tx) => {
        const found = await tx.documentType.findFirst({
          where: { organisationUuid, uuid, version },
          select: { id: true },
        });
        if (!found) return null;
        const { count } = await tx.documentType.updateMany({
          where: { id: found.id, version },
          data: { ...typeFields(write, byName), version: { increment: 1 } },
        });
        if (count === 0) return null;
        for (const l of write.lineDefinitions) {
          await tx.lineDefinition.updateMany({
            where: { documentTypeId: found.id, ord: l.ord },
            data: {
              transactionTypeDescription: l.transactionTypeDescription,
              defaultPrice: l.defaultPrice,
              defaultIncomeReportLabel: l.defaultIncomeReportLabel,
              mandatory: l.mandatory,
              multiple: l.multiple,
            },
          });
        }
        return record(await tx.documentType.findUniqueOrThrow({ where: { id: found.id }, include: WITH_LINES }));
      });
    },

    async byId(id: number): Promise<DocumentTypeRecord> {
      return record(await prisma.documentType.findUniqueOrThrow({ where: { id }, include: WITH_LINES }));
    },
  };
}

export type DocumentTypeStore = ReturnType<typeof createDocumentTypeStore>;
