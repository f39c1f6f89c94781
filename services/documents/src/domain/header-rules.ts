import { compareDecimal, isDecimal, sumDecimals } from '@gains/decimal';
import { invalidArgument } from '@gains/errors';
import type { DocumentEffect } from './document-types';

/** A type as the header rules read it. */
export interface TypeRules {
  documentTypeCode: string;
  effect: DocumentEffect;
  parentSecurityPriceMandatory: boolean;
  newSecurityPriceMandatory: boolean;
  allowZeroRate: boolean;
  lineDefinitions: {
    uuid: string;
    ord: number;
    transactionTypeDescription: string;
    newSecurity: boolean;
    usePriceInTransaction: boolean;
    mandatory: boolean;
    multiple: boolean;
    defaultPrice: string | null;
  }[];
}

/** A header as a user sent it: text throughout. */
export interface HeaderInput {
  exDate: string;
  payDate: string;
  startDate: string;
  tradeDate: string;
  layerUuid: string;
  parentSecurityPrice: string;
  /** cash in lieu of fractions, GBP per new share; "" when fractions are not paid (optional: older callers) */
  fractionPrice?: string;
  securityId: number;
  lines: { lineDefinitionUuid: string; securityId: number; rate: string; perParent: string; price: string }[];
  inPortfolios: MovementInput[];
  outPortfolios: MovementInput[];
}

export interface MovementInput {
  clientUuid: string;
  portfolioUuid: string;
  transferPercentage: string;
}

/** A checked line: its definition's uuid and ord, decimals in plain text. */
export interface CheckedLine {
  lineDefinitionUuid: string;
  ord: number;
  securityId: number | null;
  rate: string;
  perParent: string;
  price: string | null;
}

/** Types whose new shares are whole units, the fractional entitlements sold by the company for its holders. */
export const FRACTION_EFFECTS: readonly DocumentEffect[] = [
  'SCRIP_DIVIDEND',
  'SPLIT',
  'CONSOLIDATION',
  'BONUS',
  'TAKEOVER_SHARES',
  'TAKEOVER_SHARES_AND_CASH',
  'CONVERSION',
  'DEMERGER',
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const plain = (text: string) => text.trim().replace(/,/g, '');

function realDate(field: string, label: string, text: string, required: boolean): string | null {
  const t = text.trim();
  if (t === '') {
    if (required) throw invalidArgument(field, `${label} is required`);
    return null;
  }
  const d = new Date(`${t}T00:00:00Z`);
  if (!DATE.test(t) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== t)
    throw invalidArgument(field, `${label} must be a date as YYYY-MM-DD`);
  return t;
}

function decimal(field: string, label: string, text: string, rule: 'positive' | 'not-negative'): string {
  const t = plain(text);
  if (t === '') throw invalidArgument(field, `${label} is required`);
  if (!isDecimal(t) || t.startsWith('+')) throw invalidArgument(field, `${label} must be a number, such as 12.5`);
  if (rule === 'positive' && compareDecimal(t, '0') <= 0) throw invalidArgument(field, `${label} must be more than 0`);
  if (compareDecimal(t, '0') < 0) throw invalidArgument(field, `${label} must not be negative`);
  return t;
}

/**
 * A corporate action's terms (seed 001 §5: 'Ex Date is required', 'Pay Date is required', 'Layer is required',
 * 'Parent Security Price is required' where the type demands it), with our rules beside them: the pay date not
 * before the ex-date; every mandatory line present, a line repeated only where its definition allows; each rate a
 * number (above 0 unless the type allows a zero rate), perParent above 0, a price where the line posts one or a
 * new security's price is mandatory, and a new security on lines that name one.
 */
export function checkCorporateAction(type: TypeRules, input: HeaderInput) {
  if (!Number.isInteger(input.securityId) || input.securityId <= 0)
    throw invalidArgument('securityId', 'Security is required');
  const exDate = realDate('exDate', 'Ex Date', input.exDate, true)!;
  const payDate = realDate('payDate', 'Pay Date', input.payDate, true)!;
  const startDate = realDate('startDate', 'Start Date', input.startDate, false);
  if (payDate < exDate) throw invalidArgument('payDate', 'Pay Date must not be before Ex Date');
  if (startDate && startDate > exDate) throw invalidArgument('startDate', 'Start Date must not be after Ex Date');
  if (!UUID.test(input.layerUuid.trim())) throw invalidArgument('layerUuid', 'Layer is required');
  const parentSecurityPrice = type.parentSecurityPriceMandatory
    ? decimal('parentSecurityPrice', 'Parent Security Price', input.parentSecurityPrice, 'positive')
    : plain(input.parentSecurityPrice) === ''
      ? null
      : decimal('parentSecurityPrice', 'Parent Security Price', input.parentSecurityPrice, 'not-negative');
  const byUuid = new Map(type.lineDefinitions.map((d) => [d.uuid.toLowerCase(), d]));
  const seen = new Map<string, number>();
  const lines: CheckedLine[] = input.lines.map((line, i) => {
    const at = `lines[${i}]`;
    const definition = byUuid.get(line.lineDefinitionUuid.trim().toLowerCase());
    if (!definition)
      throw invalidArgument(`${at}.lineDefinitionUuid`, 'The line must be one of the type’s line definitions');
    const count = (seen.get(definition.uuid) ?? 0) + 1;
    seen.set(definition.uuid, count);
    if (count > 1 && definition.mandatory && !definition.multiple)
      throw invalidArgument(
        `${at}.lineDefinitionUuid`,
        `${definition.transactionTypeDescription}: this line may appear only once`,
      );
    const rate = decimal(`${at}.rate`, 'Rate', line.rate, type.allowZeroRate ? 'not-negative' : 'positive');
    const perParent =
      plain(line.perParent) === '' ? '1' : decimal(`${at}.perParent`, 'Per Parent', line.perParent, 'positive');
    // a price the row posts (a subscription price); a new security's value only where the type needs it
    const needsPrice = definition.usePriceInTransaction && (!definition.newSecurity || type.newSecurityPriceMandatory);
    let price: string | null = definition.defaultPrice;
    if (plain(line.price) !== '') price = decimal(`${at}.price`, 'Price', line.price, 'not-negative');
    else if (needsPrice && price === null) throw invalidArgument(`${at}.price`, 'Price is required');
    if (definition.newSecurity && (!Number.isInteger(line.securityId) || line.securityId <= 0))
      throw invalidArgument(`${at}.securityId`, 'New security is required: choose it by its SEDOL');
    return {
      lineDefinitionUuid: definition.uuid,
      ord: definition.ord,
      securityId: definition.newSecurity ? line.securityId : null,
      rate,
      perParent,
      price,
    };
  });
  for (const d of type.lineDefinitions)
    if (d.mandatory && !seen.has(d.uuid))
      throw invalidArgument('lines', `${d.transactionTypeDescription}: this line is required`);
  // cash in lieu of fractions: the price per new share the company sold the fractions at
  let fractionPrice: string | null = null;
  if (plain(input.fractionPrice ?? '') !== '') {
    if (!FRACTION_EFFECTS.includes(type.effect))
      throw invalidArgument(
        'fractionPrice',
        'Fraction Price applies only to a scrip dividend, split, consolidation, bonus issue, takeover for shares, conversion or demerger',
      );
    fractionPrice = decimal('fractionPrice', 'Fraction Price', input.fractionPrice!, 'positive');
  }
  return {
    exDate,
    payDate,
    startDate,
    parentSecurityPrice,
    fractionPrice,
    layerUuid: input.layerUuid.trim().toLowerCase(),
    lines,
  };
}

/**
 * A portfolio movement's terms (seed 001 §5: 'Trade Date is required'; each In and Out row 'Portfolio is required'
 * and 'Transfer percentage is required'), with ours: at least one of each; a percentage above 0 and at most 100;
 * the In rows' percentages adding up to 100 (they share what leaves); a portfolio not both out and in; a transfer
 * between a client's own portfolios stays with one client, a gift or a spouse transfer goes to another.
 */
export function checkPortfolioMovement(effect: DocumentEffect, input: HeaderInput) {
  const tradeDate = realDate('tradeDate', 'Trade Date', input.tradeDate, true)!;
  const rows = (direction: 'outPortfolios' | 'inPortfolios', label: string) => {
    const list = input[direction];
    if (list.length === 0) throw invalidArgument(direction, `${label}: at least one portfolio is required`);
    return list.map((row, i) => {
      const at = `${direction}[${i}]`;
      if (!UUID.test(row.portfolioUuid.trim())) throw invalidArgument(`${at}.portfolioUuid`, 'Portfolio is required');
      if (!UUID.test(row.clientUuid.trim())) throw invalidArgument(`${at}.clientUuid`, 'Client is required');
      const t = plain(row.transferPercentage);
      if (t === '') throw invalidArgument(`${at}.transferPercentage`, 'Transfer percentage is required');
      const percent = decimal(`${at}.transferPercentage`, 'Transfer percentage', t, 'positive');
      if (compareDecimal(percent, '100') > 0)
        throw invalidArgument(`${at}.transferPercentage`, 'Transfer percentage must not be more than 100');
      return {
        clientUuid: row.clientUuid.trim().toLowerCase(),
        portfolioUuid: row.portfolioUuid.trim().toLowerCase(),
        transferPercentage: percent,
      };
    });
  };
  const outPortfolios = rows('outPortfolios', 'Out');
  const inPortfolios = rows('inPortfolios', 'In');
  if (compareDecimal(sumDecimals(inPortfolios.map((p) => p.transferPercentage)), '100') !== 0)
    throw invalidArgument('inPortfolios', 'In: the transfer percentages must add up to 100');
  const outs = new Set(outPortfolios.map((p) => p.portfolioUuid));
  inPortfolios.forEach((p, i) => {
    if (outs.has(p.portfolioUuid))
      throw invalidArgument(`inPortfolios[${i}].portfolioUuid`, 'A portfolio cannot be both out and in');
    const sameClient = outPortfolios.some((o) => o.clientUuid === p.clientUuid);
    if (effect === 'TRANSFER' && !outPortfolios.every((o) => o.clientUuid === p.clientUuid))
      throw invalidArgument(
        `inPortfolios[${i}].clientUuid`,
        'A transfer between a client’s own portfolios stays with that client',
      );
    if (effect !== 'TRANSFER' && sameClient)
      throw invalidArgument(`inPortfolios[${i}].clientUuid`, 'A gift or a spouse transfer goes to another client');
  });
  return { tradeDate, outPortfolios, inPortfolios };
}
