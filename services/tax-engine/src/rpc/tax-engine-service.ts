import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { taxEngine } from '@gains/proto';
import { computeLedgerFileFor, type ComputeLedgerFileDeps } from '../domain/compute-ledger-file';
import { setAnnualExemptAmount, type AnnualExemptAmountStore } from '../domain/annual-exempt-amounts';
import { taxReference } from '../domain/get-reference-data';
import type { Taxpayer, TaxpayerKind } from '../engine';
import { loadReferenceData } from '../store/reference-data-files';

// Read once, on the first call: the files ship with the service.
let reference: ReturnType<typeof loadReferenceData> | undefined;
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

export function toTaxpayer(t: taxEngine.Taxpayer | undefined): Taxpayer {
  const taxpayer: Taxpayer = { kind: (t?.kind || 'individual') as TaxpayerKind };
  if (t?.vulnerableBeneficiaryTrust) taxpayer.vulnerableBeneficiaryTrust = true;
  if (t?.dateOfDeath) taxpayer.dateOfDeath = t.dateOfDeath;
  if (t?.lossesBroughtForward) taxpayer.lossesBroughtForward = t.lossesBroughtForward;
  if (t && Object.keys(t.annualExemptAmountOverrides).length)
    taxpayer.annualExemptAmountOverrides = { ...t.annualExemptAmountOverrides };
  if (t?.settlementsInGroup) taxpayer.settlementsInGroup = t.settlementsInGroup;
  if (t && Object.keys(t.attributedGains).length) taxpayer.attributedGains = { ...t.attributedGains };
  if (t?.accountingYearEnd) taxpayer.accountingYearEnd = t.accountingYearEnd;
  if (t && Object.keys(t.basicRateBandRemaining).length)
    taxpayer.basicRateBandRemaining = { ...t.basicRateBandRemaining };
  return taxpayer;
}

export interface TaxEngineServiceDeps extends ComputeLedgerFileDeps {
  annualExemptAmounts: AnnualExemptAmountStore;
}

export function createTaxEngineService(deps: TaxEngineServiceDeps): ServiceImpl<typeof taxEngine.TaxEngineService> {
  return {
    async computeLedger(req, ctx) {
      const answer = await computeLedgerFileFor(
        deps,
        requireCaller(ctx),
        {
          organisationUuid: req.organisationUuid,
          taxpayer: toTaxpayer(req.taxpayer),
          ledgerCsv: req.ledgerCsv,
          pricesCsv: req.pricesCsv,
          disposalsPage: req.disposalsPage,
          disposalsPageSize: req.disposalsPageSize,
        },
        ctx.signal,
      );
      // The worker wrote the answer's JSON (rpc/ledger-calculation-json.ts): passed on unread.
      return { ledgerCalculationJson: answer.json };
    },
    async getReferenceData(req, ctx) {
      const caller = requireCaller(ctx);
      reference ??= loadReferenceData();
      const added = await deps.annualExemptAmounts.list();
      return taxReference(caller, req.organisationUuid, reference, londonToday(), { added });
    },
    async setAnnualExemptAmount(req, ctx) {
      const caller = requireCaller(ctx);
      reference ??= loadReferenceData();
      await setAnnualExemptAmount(deps.annualExemptAmounts, Object.keys(reference.annualExemptAmounts), caller, req);
      const added = await deps.annualExemptAmounts.list();
      const years = taxReference(caller, req.organisationUuid, reference, londonToday(), { added }).taxYears;
      return years.find((y) => y.label === req.taxYear.trim())!;
    },
  };
}
