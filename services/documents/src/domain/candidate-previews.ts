import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  multiplyDecimal,
  plainDecimal,
  roundDecimal,
  subtractDecimal,
} from '@gains/decimal';
import type { DocumentEffect } from './document-types';

/** A header line's terms, as the previews read them. */
export interface PreviewLine {
  ord: number;
  transactionTypeName: string;
  rate: string;
  /** default 1 (seed 001 §9) */
  perParent: string;
  price: string | null;
  newSecurityId: number | null;
  /** places of the new security's quantities (0 for shares) */
  newSecurityDecimals: number;
  apportionmentFactor: string | null;
}

/** A corporate action's header, as the previews read it. */
export interface PreviewHeader {
  effect: DocumentEffect;
  securityId: number;
  exDate: string;
  payDate: string;
  parentSecurityPrice: string | null;
  /** cash in lieu of fractions: GBP per new share the company sold the fractions at; null when not paid */
  fractionPrice?: string | null;
}

/** A holder of the security at the ex-date. */
export interface PreviewCandidate {
  holdingQuantity: string;
  /** places of the security's quantities */
  decimalPlaces: number;
  /** units bought in the distribution period (equalisation) */
  group2Quantity?: string | null;
  /** the rest of the holding (equalisation); the holding less Group 2 when not given */
  group1Quantity?: string | null;
}

/** One ledger row a candidate's line proposes: the clients service's TransactionInput, in words. */
export interface PreviewRow {
  lineOrd: number;
  transactionType: string;
  securityId: number;
  tradeDate: string;
  exDate: string;
  payDate: string;
  /** shares; for a takeover or demerger the new shares received */
  quantity?: string;
  price?: string;
  /** GBP, to the penny: cash paid or received, income */
  consideration?: string;
  /** the holder pays the consideration (new shares bought): shown as Expense, not Proceeds */
  paid?: true;
  /** GBP: a demerger's retained holding, a takeover's new shares, a capital return's holding after it */
  marketValue?: string;
  newSecurityId?: number;
  /** new:old for a split, consolidation or bonus issue */
  ratio?: string;
  apportionmentFactor?: string;
  /** another portfolio than the candidate's (a portfolio movement's in rows) */
  portfolioUuid?: string;
  /** the original acquisition date a TRANSFER_IN carries */
  acquisitionDate?: string;
  /** equalisation: the distribution on the Group 1 and on the Group 2 units, GBP */
  group1Qualifying?: string;
  group2Qualifying?: string;
  /** the row's security's codes where the header has none (a portfolio movement) */
  sedol?: string;
  isin?: string;
}

/** holding x rate / perParent: what a line gives a holder, exact. */
const entitlement = (holding: string, line: PreviewLine) =>
  divideDecimal(multiplyDecimal(holding, line.rate), line.perParent || '1', 12, 'down');
/** New shares received: whole units (the security's places); fractions go for cash in lieu, not posted here. */
const newQuantity = (holding: string, line: PreviewLine, places: number) =>
  roundDecimal(entitlement(holding, line), places, 'down');
/**
 * The shares a reorganisation by ratio ('new:old', as its preview carries it) gives a holding: whole units, as the
 * engine issues them. A split's preview proposes no quantity (the ledger row carries the ratio), so a report asks
 * this.
 */
export function sharesForRatio(holding: string, ratio: string, places: number): string {
  const [rate = '0', perParent = '1'] = ratio.split(':');
  return roundDecimal(divideDecimal(multiplyDecimal(holding, rate), perParent, 12, 'down'), places, 'down');
}
const pennies = (value: string) => roundDecimal(value, 2, 'half-up');
const positive = (value: string | undefined) => value !== undefined && compareDecimal(value, '0') > 0;

/**
 * The cash for the fraction of a new share not issued (whole units of `issued`), to the penny: the fraction, exactly
 * (holding x rate - issued x perParent) / perParent, at the price the company sold the fractions for; null when
 * it comes to nothing.
 */
function fractionCash(holding: string, line: PreviewLine, issued: string, fractionPrice: string): string | null {
  const perParent = line.perParent || '1';
  const fraction = subtractDecimal(multiplyDecimal(holding, line.rate), multiplyDecimal(issued, perParent));
  const consideration = pennies(divideDecimal(multiplyDecimal(fraction, fractionPrice), perParent, 12));
  return positive(consideration) ? consideration : null;
}

/**
 * Cash in lieu of the fraction of a new share not issued (whole units of `issued`): the fraction, exactly
 * (holding x rate - issued x perParent) / perParent, at the price the company sold the fractions for, to the penny.
 * The engine takes it as a `CAPITAL_RETURN` on the new shares: a capital distribution, deducted from their cost
 * when small, a part disposal otherwise (services/tax-engine/docs/rules.md, CG57836).
 */
function cashInLieu(
  holding: string,
  line: PreviewLine,
  issued: string,
  fractionPrice: string,
  row: Omit<PreviewRow, 'transactionType' | 'consideration' | 'price' | 'marketValue'>,
  holdingAfter: string,
): PreviewRow | null {
  const consideration = fractionCash(holding, line, issued, fractionPrice);
  if (!consideration) return null;
  return {
    ...row,
    transactionType: 'CAPITAL_RETURN',
    consideration,
    price: fractionPrice,
    // the holding's value after the distribution (B of A/(A+B)): the new shares at the price the fractions fetched
    marketValue: pennies(multiplyDecimal(holdingAfter, fractionPrice)),
  };
}

/**
 * The ledger rows one holder's corporate action proposes (issue 26), per the header's type: each row of a ledger
 * transaction type whose effect the tax engine knows, so posting it changes pools and gains as HMRC's rules say.
 * Reorganisations by ratio are dated the ex-date; everything else the pay date. Nothing with no effect is proposed
 * (a lapse without proceeds, a Group 1 unit's equalisation).
 */
export function candidatePreviews(
  header: PreviewHeader,
  lines: readonly PreviewLine[],
  candidate: PreviewCandidate,
): PreviewRow[] {
  const holding = candidate.holdingQuantity;
  const at = { securityId: header.securityId, exDate: header.exDate, payDate: header.payDate };
  const paid = { ...at, tradeDate: header.payDate };
  const line = (ord: number) => lines.find((l) => l.ord === ord) ?? lines[0]!;
  const first = line(1);
  const cash = (l: PreviewLine, units = holding) => pennies(entitlement(units, l));
  const rows: PreviewRow[] = [];
  switch (header.effect) {
    case 'CASH_DIVIDEND':
    case 'ERI':
    case 'CAPITAL_REPAYMENT':
    case 'RIGHTS_LAPSED':
    case 'RIGHTS_SOLD_NIL_PAID': {
      const consideration = cash(first);
      if (!positive(consideration)) break;
      const after = header.parentSecurityPrice;
      rows.push({
        lineOrd: first.ord,
        transactionType: first.transactionTypeName,
        ...paid,
        consideration,
        // a capital return's part disposal needs the holding's value after it (B); a dividend does not
        ...(first.transactionTypeName === 'CAPITAL_RETURN' &&
          after && { price: after, marketValue: pennies(multiplyDecimal(holding, after)) }),
      });
      break;
    }
    case 'SCRIP_DIVIDEND': {
      const quantity = newQuantity(holding, first, candidate.decimalPlaces);
      if (positive(quantity) && first.price) {
        const consideration = pennies(multiplyDecimal(quantity, first.price));
        // the new shares are acquired for the cash equivalent, which is the holder's dividend income
        rows.push({
          lineOrd: first.ord,
          transactionType: 'BUY',
          ...paid,
          quantity,
          price: first.price,
          consideration,
          paid: true,
        });
        rows.push({ lineOrd: first.ord, transactionType: 'DIVIDEND', ...paid, consideration });
      }
      if (header.fractionPrice) {
        // the fraction of a new share not issued is paid in cash: dividend income like the shares' cash
        // equivalent, not a capital distribution (nothing is disposed of; ITTOIA 2005 s411 taxes the scrip as income)
        const inLieu = fractionCash(holding, first, quantity, header.fractionPrice);
        if (inLieu) rows.push({ lineOrd: first.ord, transactionType: 'DIVIDEND', ...paid, consideration: inLieu });
      }
      break;
    }
    case 'SPLIT':
    case 'CONSOLIDATION':
    case 'BONUS':
      rows.push({
        lineOrd: first.ord,
        transactionType: first.transactionTypeName,
        ...at,
        tradeDate: header.exDate,
        // the store reads a rate at its column's scale (2.0000000000); the ledger's ratio takes at most 8 places
        ratio: `${plainDecimal(first.rate)}:${plainDecimal(first.perParent || '1')}`,
      });
      if (header.fractionPrice) {
        // the engine issues whole units (holding-units.ts); the fraction's cash is paid on the pay date
        const issued = newQuantity(holding, first, candidate.decimalPlaces);
        const after = header.effect === 'BONUS' ? addDecimal(holding, issued) : issued;
        const inLieu = cashInLieu(holding, first, issued, header.fractionPrice, { lineOrd: first.ord, ...paid }, after);
        if (inLieu) rows.push(inLieu);
      }
      break;
    case 'RIGHTS_TAKEN_UP':
    case 'OPEN_OFFER': {
      const quantity = newQuantity(holding, first, candidate.decimalPlaces);
      if (!positive(quantity)) break;
      const price = first.price ?? '0';
      rows.push({
        lineOrd: first.ord,
        transactionType: first.transactionTypeName,
        ...paid,
        quantity,
        price,
        consideration: pennies(multiplyDecimal(quantity, price)),
        paid: true,
      });
      break;
    }
    case 'TAKEOVER_SHARES':
    case 'CONVERSION':
    case 'TAKEOVER_SHARES_AND_CASH':
    case 'DEMERGER': {
      const quantity = newQuantity(holding, first, first.newSecurityDecimals);
      const cashLine = header.effect === 'TAKEOVER_SHARES_AND_CASH' ? line(2) : undefined;
      const consideration = cashLine ? cash(cashLine) : undefined;
      const demerged = header.effect === 'DEMERGER';
      if (!positive(quantity)) {
        // less than one new share: no new shares are issued, the fraction is sold and its cash paid over
        const inLieu = header.fractionPrice ? fractionCash(holding, first, '0', header.fractionPrice) : null;
        const total = addDecimal(consideration ?? '0', inLieu ?? '0');
        if (!positive(total)) break;
        if (demerged && inLieu) {
          // the holder keeps the parent shares: cash received in respect of them is a capital distribution on
          // them (s122: small, deducted from their cost; CG57836), B the retained holding's value
          const after = header.parentSecurityPrice;
          rows.push({
            lineOrd: first.ord,
            transactionType: 'CAPITAL_RETURN',
            ...paid,
            consideration: inLieu,
            ...(after && { price: after, marketValue: pennies(multiplyDecimal(holding, after)) }),
          });
        } else if (!demerged)
          // the old shares are exchanged for cash alone: a disposal of the whole holding for that cash (as a
          // takeover for cash is), not a takeover carrying their cost to no new shares
          rows.push({
            lineOrd: first.ord,
            transactionType: 'SELL',
            ...paid,
            quantity: holding,
            price: divideDecimal(total, holding, 8),
            consideration: total,
          });
        break;
      }
      const value = first.price ? pennies(multiplyDecimal(quantity, first.price)) : undefined;
      rows.push({
        lineOrd: first.ord,
        transactionType: first.transactionTypeName,
        ...paid,
        quantity,
        ...(first.newSecurityId !== null && { newSecurityId: first.newSecurityId }),
        ...(first.price && { price: first.price }),
        ...(positive(consideration) && { consideration }),
        // a demerger apportions cost by the new shares' value against the retained holding's; a takeover with
        // cash, by the new shares' value against the cash
        ...(demerged && header.parentSecurityPrice
          ? { marketValue: pennies(multiplyDecimal(holding, header.parentSecurityPrice)) }
          : value && !demerged && { marketValue: value }),
        ...(first.apportionmentFactor && { apportionmentFactor: first.apportionmentFactor }),
      });
      if (header.fractionPrice && first.newSecurityId !== null) {
        // the fraction of a new share not issued, paid in cash on the new shares
        const inLieu = cashInLieu(
          holding,
          first,
          quantity,
          header.fractionPrice,
          { lineOrd: first.ord, ...paid, securityId: first.newSecurityId },
          quantity,
        );
        if (inLieu) rows.push(inLieu);
      }
      break;
    }
    case 'TAKEOVER_CASH':
    case 'REDEMPTION': {
      const consideration = cash(first);
      rows.push({
        lineOrd: first.ord,
        transactionType: first.transactionTypeName,
        ...paid,
        quantity: holding,
        price: divideDecimal(first.rate, first.perParent || '1', 8),
        consideration,
      });
      break;
    }
    case 'EQUALISATION': {
      const income = line(1);
      const equalisation = line(2);
      const distribution = cash(income);
      const group2 = candidate.group2Quantity ?? '0';
      const group1 = candidate.group1Quantity ?? subtractDecimal(holding, group2);
      // what each group's units qualify for of the distribution: shown on both rows of the candidate
      const qualifying = { group1Qualifying: cash(income, group1), group2Qualifying: cash(income, group2) };
      if (positive(distribution))
        rows.push({
          lineOrd: income.ord,
          transactionType: income.transactionTypeName,
          ...paid,
          consideration: distribution,
          ...qualifying,
        });
      const refund = positive(group2) ? cash(equalisation, group2) : undefined;
      if (positive(refund))
        rows.push({
          lineOrd: equalisation.ord,
          transactionType: equalisation.transactionTypeName,
          ...paid,
          quantity: group2,
          consideration: refund,
          ...qualifying,
        });
      break;
    }
    case 'GIFT':
    case 'TRANSFER':
    case 'SPOUSE_TRANSFER':
      throw new Error(`${header.effect} is a portfolio movement: movementPreviews makes its rows`);
  }
  return rows;
}
