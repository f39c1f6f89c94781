import { Hono } from 'hono';
import { z } from 'zod';
import type { AnnualExemptAmountInput, ReferenceData, TaxYearReference } from '@gains/contracts';
import type { taxEngine } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import { field, parseBody, type Reads } from '../validation';
import type { BffEnv } from '../deps';
import { currencyJson, fxRateJson } from './securities-json';

const annualExemptAmountSchema = z.object({
  taxYear: field.text('taxYear', 7),
  amount: field.text('amount', 20),
});
/** The service checks the year and the amount, naming the field and the rule. */
const annualExemptAmountBody: Reads<typeof annualExemptAmountSchema, AnnualExemptAmountInput> =
  annualExemptAmountSchema;

function taxYearJson(y: taxEngine.TaxYearReference): TaxYearReference {
  return {
    label: y.label,
    startDate: y.startDate,
    endDate: y.endDate,
    annualExemptAmount: y.annualExemptAmount,
    basicRate: y.basicRate || null,
    higherRate: y.higherRate || null,
    ratesNote: y.ratesNote || null,
    amountSetBy: y.amountSetBy || null,
    amountSetAt: y.amountSetAt || null,
  };
}

const items = (list: { code: string; name: string }[]) => list.map((i) => ({ code: i.code, name: i.name }));

/**
 * The Reference Data page: each list read from the service that owns and uses it (tax engine: tax years,
 * exempt amounts, CGT rates, RPI; securities: currencies, FX, asset and CGT classes, statuses; clients:
 * countries, client types and states, relationship types, address statuses, reporting frequencies,
 * income types), asked in parallel.
 */
export const referenceDataRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const request = { organisationUuid: c.var.organisationUuid };
    const [tax, sec, cli] = await Promise.all([
      c.var.deps.taxEngine.getReferenceData(request, asCaller(c)),
      c.var.deps.securities.getReferenceLists(request, asCaller(c)),
      c.var.deps.clients.listReferenceLists(request, asCaller(c)),
    ]);
    const answer: ReferenceData = {
      taxYears: tax.taxYears.map(taxYearJson),
      rpi: tax.rpi.map((m) => ({ month: m.month, value: m.value })),
      currencies: sec.currencies.map(currencyJson),
      fxRates: sec.fxRates.map(fxRateJson),
      assetClasses: sec.assetClasses.map((a) => ({
        code: a.code as ReferenceData['assetClasses'][number]['code'],
        name: a.name,
        cgtClass: a.cgtClass as ReferenceData['assetClasses'][number]['cgtClass'],
      })),
      cgtClasses: items(sec.cgtClasses),
      securityStatuses: items(sec.securityStatuses),
      countries: items(cli.countries),
      clientTypes: items(cli.clientTypes),
      clientStates: items(cli.clientStates),
      relationshipTypes: items(cli.relationshipTypes),
      addressStatuses: items(cli.addressStatuses),
      reportingFrequencies: items(cli.reportingFrequencies),
      incomeTypes: items(cli.incomeTypes),
    };
    return c.json(answer);
  })
  /** A provider admin sets a later tax year's annual exempt amount (the tax engine owns and checks it). */
  .post('/annual-exempt-amounts', async (c) => {
    const body = await parseBody(c, annualExemptAmountBody);
    const year = await c.var.deps.taxEngine.setAnnualExemptAmount(
      { organisationUuid: c.var.organisationUuid, ...body },
      asCaller(c),
    );
    return c.json(taxYearJson(year));
  });
