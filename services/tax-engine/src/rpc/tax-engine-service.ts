import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import { taxEngine } from '@gains/proto';
import { computeLedgerFileFor, type ComputeLedgerFileDeps } from '../domain/compute-ledger-file';
import { taxReference } from '../domain/get-reference-data';
import type { Taxpayer, TaxpayerKind } from '../engine';
import { loadCgtRates, loadReferenceData } from '../store/reference-data-files';

// Read once, on the first call: the files ship with the service.
let reference: { data: ReturnType<typeof loadReferenceData>; rates: ReturnType<typeof loadCgtRates> } | undefined;
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

function toTaxpayer(t: taxEngine.Taxpayer | undefined): Taxpayer {
  const taxpayer: Taxpayer = { kind: (t?.kind || 'individual') as TaxpayerKind };
  if (t?.vulnerableBeneficiaryTrust) taxpayer.vulnerableBeneficiaryTrust = true;
  if (t?.dateOfDeath) taxpayer.dateOfDeath = t.dateOfDeath;
  if (t?.lossesBroughtForward) taxpayer.lossesBroughtForward = t.lossesBroughtForward;
  if (t && Object.keys(t.annualExemptAmountOverrides).length)
    taxpayer.annualExemptAmountOverrides = { ...t.annualExemptAmountOverrides };
  return taxpayer;
}

export function createTaxEngineService(deps: ComputeLedgerFileDeps): ServiceImpl<typeof taxEngine.TaxEngineService> {
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
      reference ??= { data: loadReferenceData(), rates: loadCgtRates() };
      return taxReference(requireCaller(ctx), req.organisationUuid, reference.data, reference.rates, londonToday());
    },
  };
}
