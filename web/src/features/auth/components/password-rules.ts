/** Password requirements (spec §5): each rule turns green as it is met. */
const SPECIAL = `$^*.[]{}()?"!@#%&/\\,><':;|_~\`=+-`;

export const PASSWORD_RULES = [
  { key: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { key: 'digit', label: 'At least one number', test: (p: string) => /\d/.test(p) },
  { key: 'upper', label: 'At least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lower', label: 'At least one lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  {
    key: 'special',
    label: 'At least one special character',
    test: (p: string) => p.split('').some((c) => SPECIAL.includes(c)),
  },
] as const;

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  required: 'Password is required',
  requirements: 'Password does not meet requirements',
  confirmationRequired: 'Password confirmation is required',
  mustMatch: 'Passwords must match',
} as const;
