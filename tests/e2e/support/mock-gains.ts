/**
 * A stand-in for the BFF that follows the web app's API contract, for developing the UI without the
 * embedded runtime: serves web/dist with SPA fallback and a small in-memory /api. Not used by the e2e suite.
 * Run: npx tsx tests/e2e/support/mock-gains.ts 8099
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

const DIST = resolve(import.meta.dirname, '../../../web/dist');
const PASSWORD = 'Gains-demo-2026!';
const orgs = [
  { uuid: '11111111-1111-4111-8111-111111111111', id: 1, code: 'ACME', name: 'Acme Wealth', type: 'FIRM' },
  { uuid: '22222222-2222-4222-8222-222222222222', id: 2, code: 'BRIG', name: 'Brigstock Partners', type: 'FIRM' },
];
const users: Record<
  string,
  { uuid: string; name: string; email: string; roles: string[]; organisations: { uuid: string }[] }
> = {
  'admin@gains.example': {
    uuid: 'u1',
    name: 'Ada Admin',
    email: 'admin@gains.example',
    roles: ['ROLE_ADMIN'],
    organisations: [{ uuid: orgs[0].uuid }],
  },
  'manager@gains.example': {
    uuid: 'u2',
    name: 'Max Manager',
    email: 'manager@gains.example',
    roles: ['ROLE_CUSTOMER_ADMIN'],
    organisations: orgs.map((o) => ({ uuid: o.uuid })),
  },
  'adviser@gains.example': {
    uuid: 'u3',
    name: 'Avery Adviser',
    email: 'adviser@gains.example',
    roles: ['ROLE_CUSTOMER_NON_ADMIN'],
    organisations: [{ uuid: orgs[0].uuid }],
  },
};
const tokens = new Map<string, string>();
const surnames = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright'];
const money = (n: number) => (n === 0 ? null : (n / 100).toFixed(2));
const clients = Array.from({ length: 1000 }, (_, i) => {
  const seed = (i * 7919) % 1000003;
  return {
    uuid: `c-${i}`,
    code: `C${String(i + 1).padStart(5, '0')}`,
    name: `${['Alice', 'Bob', 'Carol', 'Dan', 'Eve'][i % 5]} ${surnames[i % 10]}`,
    ouCode: 'ACME',
    relationshipManager: ['R. Hughes', 'S. Khan', null][i % 3],
    inactive: i % 9 === 0,
    type: 'Individual',
    state: i % 9 === 0 ? 'Closed' : 'Live',
    annualException: '3000.00',
    broughtForwardLoss: money(-seed % 50000),
    unusedBroughtForwardLoss: money(-seed % 40000),
    annualExceptionRemaining: money(seed % 300000),
    marketValuation: money(seed * 137),
    ytdCapitalGainLoss: money((seed % 2000000) - 1000000),
    ytdIncomeGain: money(seed % 5000),
    ytdExemptGainLoss: null,
    ytdHoldoverReliefGain: null,
    ytdCloggedLoss: null,
    unrealisedCapitalGainLoss: money((seed % 3000000) - 1500000),
    unrealisedIncomeGain: money(seed % 7000),
    unrealisedExemptGainLoss: null,
    indexation: null,
    usedIndexation: null,
    holdingBreaks: i % 13 === 0 ? 2 : 0,
    portfolioCalculationFailures: i % 17 === 0 ? 1 : 0,
    incomePending: i % 4 === 0,
    costUpdatePending: i % 6 === 0,
    thirtyDayDisposalCounter: i % 5,
  };
});
const errorBody = (type_description: string) => ({
  type_description,
  timestamp: new Date().toISOString(),
  id: crypto.randomUUID(),
});

const port = Number(process.argv[2] ?? 8099);
createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  if (url.pathname.startsWith('/api/')) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const path = url.pathname.slice(4);
    if (path === '/auth/sign-in' && req.method === 'POST') {
      if (!body?.email || !body?.password) return send(400, errorBody('Email and password are required'));
      if (!users[body.email] || body.password !== PASSWORD)
        return send(401, errorBody('Incorrect username or password.'));
      const token = crypto.randomUUID();
      tokens.set(token, body.email);
      return send(200, { state: 'AUTHENTICATED', accessToken: token, expiresIn: 3600 });
    }
    const email = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!email) return send(401, errorBody('Not signed in'));
    const user = users[email];
    if (path === '/auth/sign-out') {
      tokens.delete((req.headers.authorization ?? '').slice(7));
      return send(204);
    }
    if (path === '/user') return send(200, user);
    const mine =
      user.roles[0] === 'ROLE_ADMIN' ? orgs : orgs.filter((o) => user.organisations.some((m) => m.uuid === o.uuid));
    if (path === '/organisations') return send(200, mine);
    if (path === '/clients/summary') {
      const org = mine.find((o) => o.uuid === req.headers['x-organisation-uuid']);
      if (!org) return send(403, errorBody('Not a member of this organisation'));
      let rows =
        org.code === 'ACME'
          ? clients
          : clients.slice(0, 12).map((c) => ({ ...c, ouCode: 'BRIG', uuid: `b-${c.uuid}` }));
      const term = (url.searchParams.get('term') ?? '').toLowerCase();
      if (term)
        rows = rows.filter((c) =>
          [c.code, c.name, c.ouCode, c.relationshipManager ?? ''].some((v) => v.toLowerCase().includes(term)),
        );
      if (url.searchParams.get('filter') === 'live') rows = rows.filter((c) => !c.inactive);
      const sorts = url.searchParams.getAll('sort').map((s) => s.split(','));
      rows = [...rows].sort((a, b) => {
        for (const [col, dir] of sorts) {
          const x = (a as Record<string, unknown>)[col],
            y = (b as Record<string, unknown>)[col];
          const cmp =
            typeof x === 'number' || col.match(/Gain|Loss|Valuation|Remaining|dexation/)
              ? Number(x ?? 0) - Number(y ?? 0)
              : String(x ?? '').localeCompare(String(y ?? ''));
          if (cmp) return dir === 'desc' ? -cmp : cmp;
        }
        return 0;
      });
      const page = Number(url.searchParams.get('page') ?? 1),
        size = Number(url.searchParams.get('size') ?? 10);
      return send(200, { content: rows.slice((page - 1) * size, page * size), totalSize: rows.length });
    }
    return send(404, errorBody('Not found'));
  }
  const file = join(DIST, url.pathname);
  try {
    const data = await readFile(file.startsWith(DIST) && extname(file) ? file : join(DIST, 'index.html'));
    const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'text/html' });
    res.end(data);
  } catch {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(await readFile(join(DIST, 'index.html')));
  }
}).listen(port, '127.0.0.1', () => console.log(`mock gains on ${port}`));
