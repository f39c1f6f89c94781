/**
 * Deterministic demo clients: realistic UK names, codes, relationship managers, types and states,
 * and plausible summary figures. The same seed always gives the same clients.
 */
const FIRST_NAMES = [
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Charlie',
  'Thomas',
  'James',
  'William',
  'Henry',
  'Edward',
  'Arthur',
  'Alfie',
  'Samuel',
  'Joseph',
  'Daniel',
  'Matthew',
  'Benjamin',
  'Alexander',
  'Rupert',
  'Hugh',
  'Amelia',
  'Olivia',
  'Isla',
  'Ava',
  'Emily',
  'Sophie',
  'Grace',
  'Lily',
  'Charlotte',
  'Eleanor',
  'Florence',
  'Alice',
  'Harriet',
  'Imogen',
  'Lucy',
  'Victoria',
  'Catherine',
  'Margaret',
  'Elizabeth',
  'Fiona',
  'Rhiannon',
  'Siobhan',
  'Eilidh',
  'Morag',
  'Gareth',
  'Dafydd',
  'Angus',
  'Callum',
  'Niamh',
  'Priya',
  'Arjun',
  'Aisha',
  'Hamza',
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'Harrison',
  'Cooper',
  'Ward',
  'Morris',
  'Hughes',
  'Edwards',
  'Turner',
  'Baker',
  'Collins',
  'Fitzgerald',
  'Ashworth',
  'Cavendish',
  'Pemberton',
  'Whitaker',
  'Hargreaves',
  'Lister',
  'Blackwood',
  'MacDonald',
  'Campbell',
  'Stewart',
  'Murray',
  'Fraser',
  'Griffiths',
  'Llewellyn',
  "O'Brien",
  'Kennedy',
  'Sinclair',
  'Howard',
  'Fletcher',
  'Marsh',
  'Holloway',
  'Sutherland',
  'Thornton',
  'Ellis',
  'Chapman',
];
const TRUST_WORDS = ['Family Trust', 'Settlement', 'Discretionary Trust', 'Will Trust', 'Grandchildren Trust'];
const COMPANY_WORDS = ['Holdings Ltd', 'Investments Ltd', 'Properties Ltd', 'Estates Ltd', '& Sons Ltd'];
const RELATIONSHIP_MANAGERS = [
  'Sarah Whitfield',
  'David Okafor',
  'Helen Marchant',
  'Richard Pryce',
  'Joanna Lake',
  'Mark Bannister',
  'Claire Devereux',
  'Stephen Hollis',
];
const TYPES: [string, number][] = [
  ['Individual', 70],
  ['Joint', 12],
  ['Trust', 9],
  ['Company', 5],
  ['Personal Representative', 4],
];
const STATES: [string, number][] = [
  ['Live', 82],
  ['Closed', 9],
  ['Dormant', 6],
  ['Pending', 3],
];

export interface DemoClient {
  code: string;
  name: string;
  relationshipManager: string;
  type: string;
  state: string;
  inactive: boolean;
  figures: Record<string, string | null>;
  holdingBreaks: number;
  calculationFailures: number;
  incomePending: boolean;
  costUpdatePending: boolean;
  thirtyDayDisposalCounter: number;
}

/** mulberry32: small, fast and deterministic. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pence (a whole number) as a decimal string of pounds: exact, no floats in the figure. */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function generateDemoClients(count: number, codePrefix: string, seed: number): DemoClient[] {
  const next = random(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const weighted = (list: [string, number][]) => {
    let roll = next() * list.reduce((s, [, w]) => s + w, 0);
    for (const [value, weight] of list) if ((roll -= weight) < 0) return value;
    return list[0]![0];
  };
  const clients: DemoClient[] = [];
  for (let i = 1; i <= count; i++) {
    const type = weighted(TYPES);
    const state = weighted(STATES);
    const surname = pick(SURNAMES);
    const name =
      type === 'Joint'
        ? `${pick(FIRST_NAMES)} & ${pick(FIRST_NAMES)} ${surname}`
        : type === 'Trust'
          ? `The ${surname} ${pick(TRUST_WORDS)}`
          : type === 'Company'
            ? `${surname} ${pick(COMPANY_WORDS)}`
            : type === 'Personal Representative'
              ? `Executors of the late ${pick(FIRST_NAMES)} ${surname}`
              : `${pick(FIRST_NAMES)} ${surname}`;
    const live = state === 'Live';
    const marketValue = live ? int(2_500_00, 3_500_000_00) : 0;
    const annualExemption = type === 'Trust' ? 1_500_00 : type === 'Company' ? 0 : 3_000_00;
    const ytdCapital = live ? int(-25_000_00, 60_000_00) : 0;
    const broughtForward = next() < 0.25 ? -int(500_00, 40_000_00) : 0;
    const aeRemaining = Math.max(0, annualExemption - Math.max(0, ytdCapital));
    const unusedBf = Math.min(0, broughtForward + Math.max(0, ytdCapital - annualExemption));
    const unrealised = live ? int(-Math.floor(marketValue / 5), Math.floor(marketValue / 2)) : 0;
    const company = type === 'Company';
    clients.push({
      code: `${codePrefix}${String(i).padStart(5, '0')}`,
      name,
      relationshipManager: pick(RELATIONSHIP_MANAGERS),
      type,
      state,
      inactive: !live,
      figures: {
        annualExemption: penceToPounds(annualExemption),
        broughtForwardLoss: penceToPounds(broughtForward),
        unusedBroughtForwardLoss: penceToPounds(unusedBf),
        annualExemptionRemaining: penceToPounds(aeRemaining),
        marketValue: penceToPounds(marketValue),
        ytdCapitalGainLoss: penceToPounds(ytdCapital),
        ytdIncomeGain: penceToPounds(live && next() < 0.15 ? int(0, 8_000_00) : 0),
        ytdExemptGainLoss: penceToPounds(live && next() < 0.2 ? int(-2_000_00, 6_000_00) : 0),
        ytdHoldoverReliefGain: penceToPounds(live && next() < 0.05 ? int(1_000_00, 50_000_00) : 0),
        ytdCloggedLoss: penceToPounds(live && next() < 0.04 ? -int(100_00, 9_000_00) : 0),
        unrealisedCapitalGainLoss: penceToPounds(unrealised),
        unrealisedIncomeGain: penceToPounds(live && next() < 0.1 ? int(0, 15_000_00) : 0),
        unrealisedExemptGainLoss: penceToPounds(live && next() < 0.2 ? int(-3_000_00, 10_000_00) : 0),
        indexation: company ? penceToPounds(int(0, 20_000_00)) : null,
        usedIndexation: company ? penceToPounds(int(0, 5_000_00)) : null,
      },
      holdingBreaks: next() < 0.06 ? int(1, 4) : 0,
      calculationFailures: next() < 0.03 ? int(1, 2) : 0,
      incomePending: live && next() < 0.08,
      costUpdatePending: live && next() < 0.05,
      thirtyDayDisposalCounter: live && next() < 0.07 ? int(1, 3) : 0,
    });
  }
  return clients;
}
