import { describe, expect, it } from 'vitest';
import type { DocumentTypeRecord } from './deps';
import {
  checkDocumentTypeCode,
  checkDocumentTypeEdit,
  NO_PROCESSING_OVERRIDE,
  processingOverrideOf,
} from './document-type-rules';

const demerger: DocumentTypeRecord = {
  id: 1,
  uuid: 'u',
  code: 'DEMERGER',
  name: 'Demerger',
  documentTypeCode: 'CA',
  effect: 'DEMERGER',
  apportionmentFactorMethodId: 1,
  groupMethod: 'FIFO',
  parentSecurityPriceMandatory: true,
  newSecurityPriceMandatory: true,
  allowZeroRate: false,
  apportionmentFactor: true,
  smallCheck: false,
  eri: false,
  useG1G2: false,
  corporateAction: true,
  portfolioMovement: false,
  schedule: false,
  income: false,
  system: true,
  active: true,
  version: 1,
  base: null,
  updatedByName: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
  processingOverride: NO_PROCESSING_OVERRIDE,
  lineDefinitions: [
    {
      id: 9,
      uuid: 'l',
      ord: 1,
      transactionTypeName: 'DEMERGER',
      transactionTypeDescription: 'New shares',
      newSecurity: true,
      useParentSecurityPrice: false,
      usePriceInTransaction: true,
      apportionmentFactor: true,
      mandatory: true,
      multiple: false,
      defaultPrice: null,
      defaultIncomeReportLabel: '',
      rateAppliesToId: 1,
    },
  ],
};

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { field: (e as { field?: string }).field, message: (e as Error).message };
  }
  return undefined;
};

describe('document type rules', () => {
  it('when a code is badly shaped or taken, then it is refused naming code', () => {
    expect(checkDocumentTypeCode(' MY_1 ', new Set())).toBe('MY_1');
    expect(refused(() => checkDocumentTypeCode('my', new Set()))?.field).toBe('code');
    expect(refused(() => checkDocumentTypeCode('DEMERGER', new Set(['DEMERGER'])))?.message).toMatch(/already used/);
  });

  it('when a group method is given, then only a type with Group 1 and Group 2 units takes it, and only FIFO, LIFO or AVERAGE', () => {
    expect(() => checkDocumentTypeEdit(demerger, { groupMethod: 'LIFO', lineDefinitions: [] })).toThrow(
      expect.objectContaining({
        field: 'groupMethod',
        message: 'The group method applies only to a type with Group 1 and Group 2 units',
      }),
    );
    const equalisation = { ...demerger, useG1G2: true };
    expect(checkDocumentTypeEdit(equalisation, { groupMethod: 'AVERAGE', lineDefinitions: [] }).groupMethod).toBe(
      'AVERAGE',
    );
    expect(() => checkDocumentTypeEdit(equalisation, { groupMethod: 'HIFO', lineDefinitions: [] })).toThrow(
      expect.objectContaining({ field: 'groupMethod', message: 'The group method must be FIFO, LIFO or AVERAGE' }),
    );
  });

  it('when the edit is good, then unset fields keep their value and the price is a plain decimal', () => {
    const w = checkDocumentTypeEdit(demerger, {
      apportionmentFactorMethodId: 2,
      lineDefinitions: [{ ord: 1, defaultPrice: '4.500' }],
    });
    expect(w).toMatchObject({ name: 'Demerger', apportionmentFactorMethodId: 2, parentSecurityPriceMandatory: true });
    expect(w.lineDefinitions[0]).toMatchObject({ defaultPrice: '4.5', transactionTypeDescription: 'New shares' });
  });

  it('when a field breaks its rule, then the refusal names it', () => {
    const field = (edit: Parameters<typeof checkDocumentTypeEdit>[1]) =>
      refused(() => checkDocumentTypeEdit(demerger, edit))?.field;
    expect(field({ name: ' ', lineDefinitions: [] })).toBe('name');
    expect(field({ apportionmentFactorMethodId: 3, lineDefinitions: [] })).toBe('apportionmentFactorMethodId');
    expect(field({ lineDefinitions: [{ ord: 2 }] })).toBe('lineDefinitions[0].ord');
    expect(field({ lineDefinitions: [{ ord: 1, defaultPrice: '-0.01' }] })).toBe('lineDefinitions[0].defaultPrice');
    expect(
      field({
        processingOverride: { ...NO_PROCESSING_OVERRIDE, autoProcessNDaysAfterPayDate: 400 },
        lineDefinitions: [],
      }),
    ).toBe('processingOverride.autoProcessNDaysAfterPayDate');
  });

  it('when a stored override lacks flags or has strange ones, then it reads with every flag', () => {
    expect(processingOverrideOf({ autoProcess: true, junk: 1, autoProcessNDaysAfterPayDate: 'x' })).toEqual({
      ...NO_PROCESSING_OVERRIDE,
      autoProcess: true,
    });
  });
});
