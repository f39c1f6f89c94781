import fs from 'node:fs';
import { readTable } from '../../services/clients/src/domain/import-csv';
import { prepareTransactions, TRANSACTION_COLUMNS, typeKey } from '../../services/clients/src/domain/import-rules';
const text = fs.readFileSync('/tmp/bench100k.csv', 'utf8');
const clients = new Map(); const portfolios = new Map(); const securities = new Map();
for (const line of text.split('\n').slice(1)) {
  const [c, p, s] = line.split(',');
  if (!c) continue;
  clients.set(c, { id: 1, uuid: 'x' });
  if (!portfolios.has(p)) portfolios.set(p, { id: portfolios.size + 1, code: p, ownerCodes: new Set([c]) });
  if (!securities.has(s)) securities.set(s, securities.size + 1);
}
const type = { id: 1, name: 'Buy', active: true, requiredFields: ['quantity', 'price'], allowZeroQuantity: false, incomeType: '', effect: 'BUY' } as any;
const lookups = { today: '2026-11-27', clients, portfolios, foreignPortfolios: new Set(), securities, types: new Map([[typeKey('BUY'), type]]) } as any;
for (let round = 0; round < 4; round++) {
  let t = performance.now();
  const table = readTable(text, TRANSACTION_COLUMNS);
  const a = performance.now() - t; t = performance.now();
  const seen = new Map();
  let n = 0, bad = 0;
  for (let i = 0; i < table.rows.length; i += 5000) { const r = prepareTransactions(table.rows.slice(i, i + 5000), lookups, seen); n += r.prepared.length; bad += r.rejected.length; }
  const b = performance.now() - t;
  if (round === 0) console.log(prepareTransactions(table.rows.slice(0, 100000), lookups).rejected.slice(0, 2));
  console.log(`read ${a.toFixed(0)} ms, prepare ${b.toFixed(0)} ms, ${n} ok ${bad} bad`);
}
