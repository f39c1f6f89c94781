import { describe, expect, it } from 'vitest';
import type { DocumentType, LineDefinition } from '@gains/contracts';
import {
  addLine,
  canAddLine,
  canChangeTerms,
  canRemoveLine,
  emptyDraft,
  headerBody,
  showsApportionment,
  showsParentPrice,
  showsFractionPrice,
  validateDraft,
  type HeaderDraft,
} from './ca-header-form-rules';

const definition = (ord: number, flags: Partial<LineDefinition> = {}): LineDefinition => ({
  uuid: `00000000-0000-4000-8000-00000000000${ord}`,
  ord,
  transactionTypeName: 'TAKEOVER',
  transactionTypeDescription: `line ${ord}`,
  newSecurity: false,
  useParentSecurityPrice: false,
  usePriceInTransaction: false,
  apportionmentFactor: false,
  mandatory: true,
  multiple: false,
  defaultPrice: '',
  defaultIncomeReportLabel: '',
  rateAppliesToId: 1,
  ...flags,
});

const type = (lineDefinitions: LineDefinition[], flags: Partial<DocumentType> = {}): DocumentType =>
  ({
    uuid: '5d0c7a3e-0000-4d00-8000-00000000000c',
    code: 'T',
    name: 'Type',
    documentTypeCode: 'CA',
    effect: 'TAKEOVER_SHARES_AND_CASH',
    apportionmentFactorMethodId: 1,
    parentSecurityPriceMandatory: false,
    newSecurityPriceMandatory: false,
    allowZeroRate: false,
    apportionmentFactor: false,
    smallCheck: false,
    eri: false,
    useG1g2: false,
    corporateAction: true,
    portfolioMovement: false,
    schedule: false,
    income: false,
    system: true,
    lineDefinitions,
    ...flags,
  }) as DocumentType;

const security = { id: 7, sedol: 'B000007', isin: 'GB00B0000070', securityName: 'Seven plc' };
const filled = (t: DocumentType): HeaderDraft => ({
  ...emptyDraft(t),
  security,
  exDate: '2026-10-01',
  payDate: '2026-10-14',
  layerUuid: '11111111-1111-4111-8111-111111111111',
  lines: emptyDraft(t).lines.map((l) => ({ ...l, rate: '2', security })),
});

describe('the rates blocks (seed 001 §5)', () => {
  it('when a definition is mandatory and single, then it has no Add; multiple or optional ones have', () => {
    expect(canAddLine(definition(1))).toBe(false);
    expect(canAddLine(definition(1, { multiple: true }))).toBe(true);
    expect(canAddLine(definition(1, { mandatory: false }))).toBe(true);
  });

  it('when a header starts, then each mandatory definition has one line (per parent 1, its default price)', () => {
    const t = type([definition(1, { defaultPrice: '1.25' }), definition(2, { mandatory: false }), definition(3)]);
    const lines = emptyDraft(t).lines;
    expect(lines.map((l) => l.lineDefinitionUuid)).toEqual([definition(1).uuid, definition(3).uuid]);
    expect(lines[0]).toMatchObject({ perParent: '1', price: '1.25', rate: '' });
  });

  it('when a line is added, then it goes after its definition’s lines, keeping the blocks in order', () => {
    const t = type([definition(1, { multiple: true }), definition(2)]);
    const next = addLine(emptyDraft(t), t, definition(1, { multiple: true }));
    expect(next.lines.map((l) => l.lineDefinitionUuid)).toEqual([
      definition(1).uuid,
      definition(1).uuid,
      definition(2).uuid,
    ]);
  });

  it('when the only line of a mandatory definition is shown, then it cannot be removed; a second can', () => {
    expect(canRemoveLine(definition(1), 1)).toBe(false);
    expect(canRemoveLine(definition(1), 2)).toBe(true);
    expect(canRemoveLine(definition(1, { mandatory: false }), 1)).toBe(true);
  });

  it('when a definition uses the apportionment factor, then its column shows; otherwise not', () => {
    expect(showsApportionment(definition(1, { apportionmentFactor: true }))).toBe(true);
    expect(showsApportionment(definition(1))).toBe(false);
  });

  it('when the type makes the parent security price mandatory, then the field shows', () => {
    expect(showsParentPrice(type([], { parentSecurityPriceMandatory: true }))).toBe(true);
    expect(showsParentPrice(type([]))).toBe(false);
  });
});

describe('the checks before a save (seed 001 §5)', () => {
  it('when nothing is filled in, then each required field says so in the seed’s words', () => {
    const t = type([definition(1)], { parentSecurityPriceMandatory: true });
    expect(validateDraft(t, emptyDraft(t))).toEqual({
      securityId: 'Security is required',
      exDate: 'Ex Date is required',
      payDate: 'Pay Date is required',
      layerUuid: 'Layer is required',
      parentSecurityPrice: 'Parent Security Price is required',
      'lines[0].rate': 'Rate is required',
    });
  });

  it('when the parent security price is not a number, then it must be numeric', () => {
    const t = type([definition(1)], { parentSecurityPriceMandatory: true });
    const errors = validateDraft(t, { ...filled(t), parentSecurityPrice: '12,5x' });
    expect(errors).toEqual({ parentSecurityPrice: 'Parent Security Price must be a number, such as 12.5' });
    expect(validateDraft(t, { ...filled(t), parentSecurityPrice: '1,234.5678' })).toEqual({});
  });

  it('when the type does not demand a parent price, then an empty one is fine', () => {
    const t = type([definition(1)]);
    expect(validateDraft(t, filled(t))).toEqual({});
  });

  it('when the pay date is before the ex date, then it says so', () => {
    const t = type([definition(1)]);
    expect(validateDraft(t, { ...filled(t), payDate: '2026-09-30' })).toEqual({
      payDate: 'Pay Date must not be before Ex Date',
    });
  });

  it('when the start date is after the ex date, then it says so', () => {
    const t = type([definition(1)]);
    const draft = filled(t);
    expect(validateDraft(t, { ...draft, startDate: '2099-01-01' })).toEqual({
      startDate: 'Start Date must not be after Ex Date',
    });
    expect(validateDraft(t, { ...draft, startDate: draft.exDate })).toEqual({});
  });

  it('when a new-security line has no security, or a rate is 0 where the type forbids it, then the line says so', () => {
    const t = type([definition(1, { newSecurity: true })]);
    const draft = filled(t);
    draft.lines = draft.lines.map((l) => ({ ...l, security: null, rate: '0', perParent: 'x' }));
    expect(validateDraft(t, draft)).toEqual({
      'lines[0].rate': 'Rate must be more than 0',
      'lines[0].perParent': 'Per Parent must be a number, such as 12.5',
      'lines[0].securityId': 'New security is required: choose it by its SEDOL',
    });
    expect(
      validateDraft(type([definition(1)], { allowZeroRate: true }), {
        ...filled(t),
        lines: [{ ...draft.lines[0]!, rate: '0', perParent: '1' }],
      }),
    ).toEqual({});
  });
  it('when a line posts its price (or a new security’s value the type demands), then the price is required', () => {
    const priced = definition(1, { usePriceInTransaction: true });
    const t = type([priced]);
    expect(validateDraft(t, filled(t))).toEqual({ 'lines[0].price': 'Price is required' });
    // a default price fills it; a new security's value only where the type makes it mandatory
    const withDefault = type([{ ...priced, defaultPrice: '1.00' }]);
    expect(validateDraft(withDefault, filled(withDefault))).toEqual({});
    const newShares = definition(1, { usePriceInTransaction: true, newSecurity: true });
    expect(validateDraft(type([newShares]), filled(type([newShares])))).toEqual({});
    const mandatory = type([newShares], { newSecurityPriceMandatory: true });
    expect(validateDraft(mandatory, filled(mandatory))).toEqual({ 'lines[0].price': 'Price is required' });
  });
});

describe('the body sent', () => {
  it('when saved, then figures go as typed text without commas, and a line names its own security only if new', () => {
    const t = type([definition(1, { newSecurity: true }), definition(2)]);
    const draft = filled(t);
    draft.lines[0] = { ...draft.lines[0]!, rate: '1,000.123456789', price: '2.50' };
    draft.lines[1] = { ...draft.lines[1]!, security: null, rate: '0.3' };
    const body = headerBody(t, draft);
    expect(body.lines).toEqual([
      { lineDefinitionUuid: definition(1).uuid, securityId: 7, rate: '1000.123456789', perParent: '1', price: '2.50' },
      { lineDefinitionUuid: definition(2).uuid, securityId: 0, rate: '0.3', perParent: '1', price: '' },
    ]);
    expect(body).toMatchObject({ typeUuid: t.uuid, securityId: 7, exDate: '2026-10-01', parentSecurityPrice: '' });
  });
});

describe('when the terms may change', () => {
  it('until transactions exist and while no job works on the header', () => {
    expect(canChangeTerms('PENDING')).toBe(true);
    expect(canChangeTerms('EDIT')).toBe(true);
    expect(canChangeTerms('CREATING_CANDIDATES')).toBe(false);
    expect(canChangeTerms('RUN')).toBe(false);
    expect(canChangeTerms('COMPLETED')).toBe(false);
  });
});

describe('the Fraction Price (cash in lieu of fractions)', () => {
  it('when the type issues whole new shares, then the optional Fraction Price shows, is checked and is sent', () => {
    const t = type([definition(1)], { effect: 'CONSOLIDATION' });
    expect(showsFractionPrice(t)).toBe(true);
    expect(showsFractionPrice(type([], { effect: 'CASH_DIVIDEND' }))).toBe(false);
    expect(validateDraft(t, filled(t))).toEqual({});
    expect(validateDraft(t, { ...filled(t), fractionPrice: '9x' })).toEqual({
      fractionPrice: 'Fraction Price must be a number, such as 12.5',
    });
    expect(validateDraft(t, { ...filled(t), fractionPrice: '0' })).toEqual({
      fractionPrice: 'Fraction Price must be more than 0',
    });
    expect(headerBody(t, { ...filled(t), fractionPrice: '1,009.50' }).fractionPrice).toBe('1009.50');
    // a type without fractions never sends one
    const dividend = type([definition(1)], { effect: 'CASH_DIVIDEND' });
    expect(headerBody(dividend, { ...filled(dividend), fractionPrice: '9' }).fractionPrice).toBe('');
  });
});

describe('the header’s processing override', () => {
  it('starts as its type’s, every flag present, and is sent with the terms', () => {
    const t = type([definition(1)], {
      processingOverride: { autoProcess: true, autoProcessNDaysAfterPayDate: 3 },
    } as Partial<DocumentType>);
    const draft = emptyDraft(t);
    expect(draft.processingOverride).toMatchObject({
      autoProcess: true,
      autoProcessNDaysAfterPayDate: 3,
      replaceCandidateSecurityQuantity: false,
    });
    const edited = { ...draft, processingOverride: { ...draft.processingOverride, replaceCandidateCgtCost: true } };
    expect(headerBody(t, edited).processingOverride).toMatchObject({
      autoProcess: true,
      replaceCandidateCgtCost: true,
    });
  });
});
