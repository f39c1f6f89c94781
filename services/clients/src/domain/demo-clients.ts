import { addDays, prng } from '@gains/demo-data';

/**
 * Deterministic demo clients with every field a client maintenance screen shows: names split, dates of birth,
 * National Insurance numbers of the valid shape, UTRs, contact details, an address that is the primary tax copy,
 * and families: some individuals are followed by their spouse (a SPOUSE relationship, a joint portfolio) or their
 * adult child (the connected person their gifts go to). The same seed always gives the same clients. Their
 * portfolios and ledgers come from demo-ledgers.ts; their summary figures are left to the tax engine, except the
 * market value, which the seed derives from the holdings.
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
const STREETS = [
  'High Street',
  'Church Lane',
  'Station Road',
  'The Green',
  'Victoria Road',
  'Manor Close',
  'Kingsway',
  'Mill Lane',
  'Park Avenue',
  'Orchard Way',
  'Queens Road',
  'Chapel Street',
  'Beech Grove',
  'Riverside Walk',
  'St Mary\u2019s Road',
];
/** Town, county and the letters its postcodes start with. */
const TOWNS: [string, string, string][] = [
  ['Harrogate', 'North Yorkshire', 'HG'],
  ['Guildford', 'Surrey', 'GU'],
  ['Cheltenham', 'Gloucestershire', 'GL'],
  ['Bath', 'Somerset', 'BA'],
  ['Sevenoaks', 'Kent', 'TN'],
  ['Edinburgh', 'Midlothian', 'EH'],
  ['Chester', 'Cheshire', 'CH'],
  ['Winchester', 'Hampshire', 'SO'],
  ['Cambridge', 'Cambridgeshire', 'CB'],
  ['Cardiff', 'South Glamorgan', 'CF'],
  ['York', 'North Yorkshire', 'YO'],
  ['Oxford', 'Oxfordshire', 'OX'],
  ['London', 'Greater London', 'SW'],
  ['Bristol', '', 'BS'],
  ['Norwich', 'Norfolk', 'NR'],
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
/** National Insurance prefixes: letters HMRC never issues first or second are left out (and BG, GB, NK, KN, TN, NT, ZZ). */
const NI_FIRST = 'ABCEGHJKLMNOPRSTWXYZ';
const NI_SECOND = 'ABCEGHJKLMNPRSTWXYZ';
const NI_BARRED = new Set(['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ']);

export interface DemoAddress {
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
  status: 'CURRENT' | 'PREVIOUS';
  primaryTaxCopy: boolean;
}

/** A link to an earlier client of the same firm: the client is their spouse, or their child. */
export interface DemoFamilyLink {
  /** The index (0-based) of the earlier client. */
  of: number;
  kind: 'SPOUSE' | 'CHILD';
  since: string;
}

export interface DemoClient {
  code: string;
  name: string;
  reportingName: string;
  salutation: string;
  firstName: string;
  middleNames: string;
  surname: string;
  /** YYYY-MM-DD; null for trusts and companies */
  dateOfBirth: string | null;
  niNumber: string;
  uniqueTaxPayerReference: string;
  deceased: boolean;
  dateDeceased: string | null;
  company: boolean;
  relationshipManager: string;
  relationshipManagerCode: string;
  type: string;
  state: string;
  inactive: boolean;
  email: string;
  telephone: string;
  mobile: string;
  familyGroup: string;
  /** The first is current and the primary tax copy; some clients also have a previous one. */
  addresses: DemoAddress[];
  family: DemoFamilyLink | null;
}

/** Pence (a whole number) as a decimal string of pounds: exact, no floats in the figure. */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A National Insurance number's shape: two prefix letters HMRC issues, six digits, a suffix A to D. */
export function isNiNumberShape(text: string): boolean {
  const m = /^([A-Z])([A-Z])\d{6}[A-D]$/.exec(text);
  return !!m && NI_FIRST.includes(m[1]!) && NI_SECOND.includes(m[2]!) && !NI_BARRED.has(`${m[1]}${m[2]}`);
}

/** `count` clients coded `codePrefix` + a number from `first`, `width` digits wide. */
export function generateDemoClients(
  count: number,
  codePrefix: string,
  seed: number,
  numbering: { first: number; width: number } = { first: 1, width: 5 },
): DemoClient[] {
  const next = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const weighted = (list: [string, number][]) => {
    let roll = next() * list.reduce((s, [, w]) => s + w, 0);
    for (const [value, weight] of list) if ((roll -= weight) < 0) return value;
    return list[0]![0];
  };
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  const niNumber = () => {
    for (;;) {
      const prefix = `${pick([...NI_FIRST])}${pick([...NI_SECOND])}`;
      if (!NI_BARRED.has(prefix)) return `${prefix}${digits(6)}${pick(['A', 'B', 'C', 'D'])}`;
    }
  };
  const date = (fromYear: number, toYear: number) =>
    addDays(`${fromYear}-01-01`, int(0, (toYear - fromYear + 1) * 365 - 1));
  const address = (status: DemoAddress['status'], primaryTaxCopy: boolean): DemoAddress => {
    const [town, county, area] = pick(TOWNS);
    const letters = 'ABDEFGHJLNPQRSTUWXYZ';
    return {
      line1: `${int(1, 120)} ${pick(STREETS)}`,
      line2: next() < 0.2 ? `Flat ${int(1, 12)}` : '',
      town,
      county,
      postcode: `${area}${int(1, 20)} ${int(1, 9)}${pick([...letters])}${pick([...letters])}`,
      status,
      primaryTaxCopy,
    };
  };

  const clients: DemoClient[] = [];
  for (let i = 1; i <= count; i++) {
    const previous = clients.at(-1);
    // Some individuals are followed by their spouse or their adult child, who share their surname and address.
    const familyRoll = next();
    const family: DemoFamilyLink | null =
      previous && previous.type === 'Individual' && !previous.family && previous.state === 'Live'
        ? familyRoll < 0.22
          ? { of: i - 2, kind: 'SPOUSE', since: date(1985, 2014) }
          : familyRoll < 0.3
            ? { of: i - 2, kind: 'CHILD', since: previous.dateOfBirth ?? '1980-01-01' }
            : null
        : null;
    const type = family ? 'Individual' : weighted(TYPES);
    const state = family ? 'Live' : weighted(STATES);
    const surname = family ? previous!.surname : pick(SURNAMES);
    const firstName = pick(FIRST_NAMES);
    const middleNames = next() < 0.4 ? pick(FIRST_NAMES) : '';
    const company = type === 'Company';
    const person = type === 'Individual' || type === 'Joint';
    const name =
      type === 'Joint'
        ? `${firstName} & ${pick(FIRST_NAMES)} ${surname}`
        : type === 'Trust'
          ? `The ${surname} ${pick(TRUST_WORDS)}`
          : company
            ? `${surname} ${pick(COMPANY_WORDS)}`
            : type === 'Personal Representative'
              ? `Executors of the late ${firstName} ${surname}`
              : `${firstName} ${surname}`;
    const dateOfBirth =
      family?.kind === 'CHILD'
        ? addDays(previous!.dateOfBirth ?? '1950-01-01', int(24, 38) * 365)
        : person || type === 'Personal Representative'
          ? date(1934, 1990)
          : null;
    const deceased = type === 'Personal Representative';
    const code = `${codePrefix}${String(numbering.first + i - 1).padStart(numbering.width, '0')}`;
    const manager = family ? previous!.relationshipManager : pick(RELATIONSHIP_MANAGERS);
    const home = family ? { ...previous!.addresses[0]! } : address('CURRENT', true);
    const addresses = [home, ...(next() < 0.15 ? [address('PREVIOUS', false)] : [])];
    const live = state === 'Live';
    clients.push({
      code,
      name,
      reportingName: name,
      salutation: person ? (next() < 0.5 ? 'Mr' : next() < 0.5 ? 'Mrs' : 'Ms') : '',
      firstName: person || deceased ? firstName : '',
      middleNames: person ? middleNames : '',
      surname,
      dateOfBirth,
      niNumber: person || deceased ? niNumber() : '',
      uniqueTaxPayerReference: digits(10),
      deceased,
      dateDeceased: deceased ? date(2023, 2025) : null,
      company,
      relationshipManager: manager,
      relationshipManagerCode: manager
        .split(' ')
        .map((w) => w[0])
        .join(''),
      type,
      state,
      inactive: !live,
      email: person ? `${firstName}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '') + `${i}@example.com` : '',
      telephone: `01${digits(3)} ${digits(6)}`,
      mobile: person ? `07${digits(3)} ${digits(6)}` : '',
      familyGroup: family ? previous!.familyGroup || previous!.code : '',
      addresses,
      family,
    });
    if (family && !previous!.familyGroup) previous!.familyGroup = previous!.code;
  }
  return clients;
}
