import { isSuperAdmin } from '@gains/access';
import { DEMO_CLIENT_COUNTS, DEMO_ORGANISATIONS, DEMO_USERS } from '@gains/service-kit';

type DemoOrganisation = (typeof DEMO_ORGANISATIONS)[number];
type DemoUser = (typeof DEMO_USERS)[number];

/** The organisations a demo user sees, by the rule the identity service applies: a super admin every one. */
export function demoUserOrganisations(user: DemoUser): { every: boolean; organisations: DemoOrganisation[] } {
  if (isSuperAdmin(user.roles)) return { every: true, organisations: [...DEMO_ORGANISATIONS] };
  return {
    every: false,
    organisations: user.organisations.map((code) => DEMO_ORGANISATIONS.find((o) => o.code === code)!),
  };
}

function describeOrganisations(user: DemoUser): string {
  const { every, organisations } = demoUserOrganisations(user);
  const names = organisations.map((o) => {
    const notes = [
      DEMO_CLIENT_COUNTS[o.code] ? `${DEMO_CLIENT_COUNTS[o.code].toLocaleString('en-GB')} clients` : 'no clients',
      // MFA is asked of the organisation's own members.
      o.mfaRequired && !every ? 'requires MFA, set up at the first sign-in' : '',
    ].filter(Boolean);
    return notes.length ? `${o.name} (${notes.join('; ')})` : o.name;
  });
  return (every ? 'every organisation: ' : '') + names.join(', ');
}

/** What the embedded runtime prints once it listens: where Gains is, and who can sign in to see what. */
export function startBanner(options: { url: string; demoPassword: string }): string {
  const rows = DEMO_USERS.map(
    (user) => `  ${user.email.padEnd(23)} ${user.roles[0].padEnd(24)} ${describeOrganisations(user)}`,
  );
  return [
    '',
    `Gains is running at ${options.url}`,
    '',
    `Demo users (password: ${options.demoPassword}) and the organisations each sees:`,
    ...rows,
    '',
  ].join('\n');
}
