import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  computeLedger,
  ledgerFromCsv,
  parsePricesCsv,
  presentComputation,
  type CsvError,
  type Taxpayer,
  type TaxpayerKind,
} from '../engine';
import { formatText } from './format-text';
import { loadReferenceData } from './load-reference-data';

/**
 * pnpm cgt <ledger.csv> [--taxpayer individual|trust|personal-representatives|company]
 *          [--prices prices.csv] [--json] [--vulnerable-beneficiary] [--date-of-death YYYY-MM-DD]
 *          [--losses-brought-forward GBP] [--aea 2024-25=1500 ...] [--reference-data DIR]
 */
const USAGE =
  'usage: pnpm cgt <ledger.csv> [--taxpayer individual|trust|personal-representatives|company] [--prices prices.csv] [--json]\n' +
  '       [--vulnerable-beneficiary] [--date-of-death YYYY-MM-DD] [--losses-brought-forward GBP] [--aea YYYY-YY=GBP] [--reference-data DIR]';

const KINDS: TaxpayerKind[] = ['individual', 'trust', 'personal-representatives', 'company'];

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
  const kind = values.taxpayer === 'pr' ? 'personal-representatives' : (values.taxpayer as TaxpayerKind);
  if (!KINDS.includes(kind)) {
    process.stderr.write(`--taxpayer must be one of ${KINDS.join(', ')}\n`);
    return 2;
  }
  // pnpm runs scripts from the workspace root; paths are relative to where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const taxpayer: Taxpayer = { kind };
  if (values['vulnerable-beneficiary']) taxpayer.vulnerableBeneficiaryTrust = true;
  if (values['date-of-death']) taxpayer.dateOfDeath = values['date-of-death'];
  if (values['losses-brought-forward']) taxpayer.lossesBroughtForward = values['losses-brought-forward'];
  for (const o of values.aea ?? []) {
    const [year, amount] = o.split('=');
    taxpayer.annualExemptAmountOverrides ??= {};
    taxpayer.annualExemptAmountOverrides[year] = amount;
  }

  let ledgerText: string;
  const ledgerPath = resolve(cwd, positionals[0]);
  try {
    ledgerText = readFileSync(ledgerPath, 'utf8');
  } catch (e) {
    process.stderr.write(`cannot read ${ledgerPath}: ${(e as Error).message}\n`);
    return 2;
  }
  const { ledger, errors } = ledgerFromCsv(ledgerText, taxpayer);
  let prices: Record<string, string> = {};
  const priceErrors: CsvError[] = [];
  if (values.prices) {
    const parsed = parsePricesCsv(readFileSync(resolve(cwd, values.prices), 'utf8'));
    prices = parsed.prices;
    priceErrors.push(...parsed.errors);
  }
  if (errors.length || priceErrors.length) {
    for (const e of errors)
      process.stderr.write(`${positionals[0]}: line ${e.line}, column ${e.column || '-'}: ${e.message}\n`);
    for (const e of priceErrors)
      process.stderr.write(`${values.prices}: line ${e.line}, column ${e.column || '-'}: ${e.message}\n`);
    return 1;
  }

  const referenceData = loadReferenceData(
    values['reference-data'] ? resolve(cwd, values['reference-data']) : undefined,
  );
  const computation = computeLedger(ledger, referenceData);
  const presented = presentComputation(computation, prices);
  process.stdout.write(values.json ? `${JSON.stringify(presented, null, 2)}\n` : formatText(presented));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
