import type { DocumentTypeRecord } from '../domain/deps';
import { lineDefinitionUuid, SYSTEM_DOCUMENT_TYPES } from '../domain/document-types';
import type { DocumentsPrisma } from './prisma';
import type { Prisma } from './generated/client';

const WITH_LINES = { lineDefinitions: { orderBy: { ord: 'asc' as const } } } satisfies Prisma.DocumentTypeInclude;
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

    async list(organisationUuid: string, documentTypeCode: string): Promise<DocumentTypeRecord[]> {
      const rows = await prisma.documentType.findMany({
        where: {
          OR: [{ organisationUuid: null }, { organisationUuid }],
          active: true,
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

    async byId(id: number): Promise<DocumentTypeRecord> {
      return record(await prisma.documentType.findUniqueOrThrow({ where: { id }, include: WITH_LINES }));
    },
  };
}

export type DocumentTypeStore = ReturnType<typeof createDocumentTypeStore>;
