/**
 * The demo tenancy every service seeds from, so identity's organisations and clients' rows agree
 * without one reading the other's tables. Fixed ids keep the demo deterministic.
 */
export const DEMO_ORGANISATIONS = [
  {
    uuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000001',
    code: 'GAINS',
    name: 'Gains Provider',
    type: 'PROVIDER',
    parent: null,
    mfaRequired: false,
  },
  {
    uuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
    code: 'ASHW',
    name: 'Ashworth Wealth Management',
    type: 'FIRM',
    parent: 'GAINS',
    mfaRequired: false,
  },
  {
    uuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000003',
    code: 'BRKF',
    name: 'Brookfield Advisory',
    type: 'FIRM',
    parent: 'GAINS',
    mfaRequired: false,
  },
  // Clevedon requires multi-factor authentication of everyone who belongs to it.
  {
    uuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000004',
    code: 'CLVP',
    name: 'Clevedon Partners',
    type: 'FIRM',
    parent: 'GAINS',
    mfaRequired: true,
  },
] as const;

export type DemoOrganisationCode = (typeof DEMO_ORGANISATIONS)[number]['code'];

export function demoOrganisation(code: DemoOrganisationCode) {
  return DEMO_ORGANISATIONS.find((o) => o.code === code)!;
}

export const DEFAULT_DEMO_PASSWORD = 'Gains-demo-2026!';

export const DEMO_USERS = [
  {
    uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000001',
    email: 'admin@gains.example',
    name: 'Alex Admin',
    roles: ['ROLE_ADMIN'],
    organisations: ['GAINS'],
  },
  {
    uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000002',
    email: 'manager@gains.example',
    name: 'Morgan Manager',
    roles: ['ROLE_CUSTOMER_ADMIN'],
    organisations: ['ASHW', 'BRKF'],
  },
  {
    uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000003',
    email: 'adviser@gains.example',
    name: 'Avery Adviser',
    roles: ['ROLE_CUSTOMER_NON_ADMIN'],
    organisations: ['ASHW'],
  },
  {
    uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000004',
    email: 'brook@gains.example',
    name: 'Blake Brook',
    roles: ['ROLE_CUSTOMER_ADMIN'],
    organisations: ['BRKF'],
  },
  // Sets up an authenticator app at first sign-in: CLVP requires MFA.
  {
    uuid: '5c1d9a40-1f7b-4d55-8e0b-0d3e6b000005',
    email: 'secure@gains.example',
    name: 'Sam Secure',
    roles: ['ROLE_CUSTOMER_ADMIN'],
    organisations: ['CLVP'],
  },
] as const satisfies readonly {
  uuid: string;
  email: string;
  name: string;
  roles: readonly string[];
  organisations: readonly DemoOrganisationCode[];
}[];

/** How many demo clients each organisation is seeded with (none for the provider). */
export const DEMO_CLIENT_COUNTS: Record<DemoOrganisationCode, number> = { GAINS: 0, ASHW: 1000, BRKF: 40, CLVP: 12 };

/** The firm that holds the 1,000 demo clients. */
export const DEMO_CLIENT_FIRM: DemoOrganisationCode = 'ASHW';
export const DEMO_CLIENT_COUNT = DEMO_CLIENT_COUNTS[DEMO_CLIENT_FIRM];

/**
 * The large demo firm, seeded only when asked (`pnpm start -- --large` or GAINS_DEMO_LARGE=1): 100,000 clients,
 * 150,000 portfolios and 2,000,000 transactions, for the speed benchmarks. The manager demo user belongs to it;
 * the provider admin sees it as every organisation.
 */
export const DEMO_LARGE_ORGANISATION = {
  uuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000005',
  code: 'LRGE',
  name: 'Larchmont Wealth (large demo)',
  type: 'FIRM',
  parent: 'GAINS',
  mfaRequired: false,
  members: ['manager@gains.example'],
} as const;

export const DEMO_LARGE_COUNTS = { clients: 100_000, portfolios: 150_000, transactions: 2_000_000 } as const;

/** Whether the host asked for the large demo firm (GAINS_DEMO_LARGE=1 or true). */
export function demoLargeRequested(env: NodeJS.ProcessEnv): boolean {
  return env.GAINS_DEMO_LARGE === '1' || env.GAINS_DEMO_LARGE === 'true';
}
