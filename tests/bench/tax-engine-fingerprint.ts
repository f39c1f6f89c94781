/**
 * Output fingerprint for the tax-engine benchmark ledgers: computes N generated ledgers (as generated, and
 * again as a company's with indexation, with pool history) and prints a SHA-256 of every exact figure
 * (each Rational as a reduced fraction). A speed change must leave it unchanged.
 *
 *   node --import tsx tests/bench/tax-engine-fingerprint.ts [N=2000]
 */
import { createHash } from 'node:crypto';
import { computeLedger, Rational } from '../../services/tax-engine/src/engine';
import { loadReferenceData } from '../../services/tax-engine/src/store/reference-data-files';
import { generateLedger } from './tax-engine-ledgers';

const n = Number(process.argv[2] ?? 2000);
const ref = loadReferenceData();
const hash = createHash('sha256');
const replacer = (_k: string, v: unknown) => (v instanceof Rational ? v.toFraction() : v);
for (let i = 0; i < n; i++) {
  const ledger = generateLedger(i, 100);
  hash.update(JSON.stringify(computeLedger(ledger, ref, { poolHistory: i % 2 === 0 }), replacer));
  const company = { ...ledger, taxpayer: { kind: 'company' as const } };
  hash.update(JSON.stringify(computeLedger(company, ref), replacer));
}
console.log(`${n} ledgers x 2: ${hash.digest('hex')}`);
