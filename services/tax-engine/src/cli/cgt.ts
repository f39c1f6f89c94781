import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { computeLedgerFile, describeCsvError, taxpayerProblems, type Taxpayer, type TaxpayerKind } from '../engine';
import { formatText } from './format-text';
import { loadReferenceData } from '../store/reference-data-files';

/**
 * pnpm cgt <ledger.csv> [--taxpayer individual|trust|personal-representatives|company]
 *          [--prices prices.csv] [--json] [--vulnerable-beneficiary] [--date-of-death YYYY-MM-DD]
 *          [--losses-brought-forward GBP] [--aea 2024-25=1500 ...] [--settlements-in-group N]
 *          [--attributed-gains 2024-25=5000 ...] [--year-end MM-DD] [--basic-rate-band 2024-25=20000 ...]
 *          [--reference-data DIR]
 */
const USAGE =
  'usage: pnpm cgt <ledger.csv> [--taxpayer individual|trust|personal-representatives|company] [--prices prices.csv] [--json]\n' +
  '       [--vulnerable-beneficiary] [--date-of-death YYYY-MM-DD] [--losses-brought-forward GBP] [--aea YYYY-YY=GBP]\n' +
  '       [--settlements-in-group N] [--attributed-gains YYYY-YY=GBP] [--year-end MM-DD]\n' +
  '       [--basic-rate-band YYYY-YY=GBP] [--reference-data DIR]';

/** Exit status when the ledger was computed but some of it failed (a disposal larger than the holding, ...). */
const EXIT_CALCULATION_FAILURES = 3;

/** The option that sets each taxpayer field, for messages. */
const FLAGS: Record<string, string> = {
  kind: '--taxpayer',
  vulnerableBeneficiaryTrust: '--vulnerable-beneficiary',
  dateOfDeath: '--date-of-death',
  annualExemptAmountOverrides: '--aea',
  lossesBroughtForward: '--losses-brought-forward',
  settlementsInGroup: '--settlements-in-group',
  attributedGains: '--attributed-gains',
  accountingYearEnd: '--year-end',
  basicRateBandRemaining: '--basic-rate-band',
};

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        taxpayer: { type: 'string', default: 'individual' },
        prices: { type: 'string' },
        json: { type: 'boolean', default: false },
        'vulnerable-beneficiary': { type: 'boolean', default: false },
        'date-of-death': { type: 'string' },
        'losses-brought-forward': { type: 'string' },
        aea: { type: 'string', multiple: true },
        'settlements-in-group': { type: 'string' },
        'attributed-gains': { type: 'string', multiple: true },
        'year-end': { type: 'string' },
        'basic-rate-band': { type: 'string', multiple: true },
        'reference-data': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const kind = (values.taxpayer === 'pr' ? 'personal-representatives' : values.taxpayer) as TaxpayerKind;
  // pnpm runs scripts from the workspace root; paths are relative to where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const taxpayer: Taxpayer = { kind };
  if (values['vulnerable-beneficiary']) taxpayer.vulnerableBeneficiaryTrust = true;
  if (values['date-of-death']) taxpayer.dateOfDeath = values['date-of-death'];
  if (values['losses-brought-forward']) taxpayer.lossesBroughtForward = values['losses-brought-forward'];
  for (const o of values.aea ?? []) {
    const [year = '', amount = ''] = o.split('=');
    taxpayer.annualExemptAmountOverrides ??= {};
    taxpayer.annualExemptAmountOverrides[year] = amount;
  }
  if (values['settlements-in-group'] !== undefined) {
    // Not a whole number: NaN, which taxpayerProblems names.
    const n = values['settlements-in-group'];
    taxpayer.settlementsInGroup = /^\d+$/.test(n) ? Number(n) : Number.NaN;
  }
  for (const o of values['attributed-gains'] ?? []) {
    const [year = '', amount = ''] = o.split('=');
    taxpayer.attributedGains ??= {};
    taxpayer.attributedGains[year] = amount;
  }
  if (values['year-end']) taxpayer.accountingYearEnd = values['year-end'];
  for (const o of values['basic-rate-band'] ?? []) {
    const [year = '', amount = ''] = o.split('=');
    taxpayer.basicRateBandRemaining ??= {};
    taxpayer.basicRateBandRemaining[year] = amount;
  }
  const problems = taxpayerProblems(taxpayer);
  if (problems.length) {
    for (const p of problems) process.stderr.write(`${FLAGS[p.field.split('.')[0]] ?? p.field}: ${p.message}\n`);
    return 2;
  }

  const read = (file: string): string | undefined => {
    const full = resolve(cwd, file);
    try {
      return readFileSync(full, 'utf8');
    } catch (e) {
      process.stderr.write(`cannot read ${full}: ${(e as Error).message}\n`);
      return undefined;
    }
  };
  const ledgerCsv = read(positionals[0]);
  const pricesCsv = values.prices ? read(values.prices) : undefined;
  if (ledgerCsv === undefined || (values.prices && pricesCsv === undefined)) return 2;

  const referenceData = loadReferenceData(
    values['reference-data'] ? resolve(cwd, values['reference-data']) : undefined,
  );
  const result = computeLedgerFile({ ledgerCsv, pricesCsv, taxpayer }, referenceData);
  if (!result.ok) {
    for (const e of result.errors)
      process.stderr.write(`${e.file === 'ledger' ? positionals[0] : values.prices}: ${describeCsvError(e)}\n`);
    return 1;
  }
  const presented = result.computation;
  process.stdout.write(values.json ? `${JSON.stringify(presented, null, 2)}\n` : formatText(presented));
  // Everything that could be computed is printed; the status says some of it could not be.
  return presented.failures.length > 0 ? EXIT_CALCULATION_FAILURES : 0;
}

process.exitCode = main(process.argv.slice(2));
