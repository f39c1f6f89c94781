/**
 * The password and code rules of spec §5, shared by the web app (the requirement list that turns green
 * item by item, form messages) and the identity service (which enforces them again). Pure: no deps.
 */
import { EMAIL_MAX_LENGTH } from './input-rules';

export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused at the edge (a bound on work, far beyond any passphrase). */
export const PASSWORD_MAX_LENGTH = 1024;
export const MFA_CODE_LENGTH = 6;

/** The special characters of §5, in the order the spec lists them. */
export const PASSWORD_SPECIAL_CHARACTERS = [
  '$',
  '^',
  '*',
  '.',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '?',
  '"',
  '!',
  '@',
  '#',
  '%',
  '&',
  '/',
  '\\',
  ',',
  '>',
  '<',
  "'",
  ':',
  ';',
  '|',
  '_',
  '~',
  '`',
  '=',
  '+',
  '-',
] as const;

/** The exact messages of §5 (and one for the forms' email field). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email address is required',
  passwordRequired: 'Password is required',
  passwordRequirements: 'Password does not meet requirements',
  confirmationRequired: 'Password confirmation is required',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordRequired: 'Current password is required',
  verificationCodeRequired: 'Verification code is required',
  codeRequired: 'Code is required',
  codeSixDigits: 'Code must be 6 digits',
  newPasswordSetup: 'Please setup a new password',
  verificationCodeSent: "We've sent you an email with a verification code",
  emailTooLong: `Email address must be at most ${EMAIL_MAX_LENGTH} characters`,
} as const;

export interface PasswordRule {
  key: 'length' | 'digit' | 'uppercase' | 'lowercase' | 'special';
  /** The label of the item in the requirement list. */
  label: string;
  test: (password: string) => boolean;
}

const SPECIALS = new Set<string>(PASSWORD_SPECIAL_CHARACTERS);

/** The requirement list, in display order. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    key: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  { key: 'digit', label: 'At least one number', test: (p) => /[0-9]/.test(p) },
  { key: 'uppercase', label: 'At least one uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { key: 'lowercase', label: 'At least one lowercase letter', test: (p) => /[a-z]/.test(p) },
  {
    key: 'special',
    label: `At least one special character (${PASSWORD_SPECIAL_CHARACTERS.join(' ')})`,
    test: (p) => [...p].some((ch) => SPECIALS.has(ch)),
  },
];

/** Each rule with whether the password meets it: what the green-as-you-type list shows. */
export function passwordChecklist(password: string): { key: PasswordRule['key']; label: string; met: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ key: rule.key, label: rule.label, met: rule.test(password) }));
}

export function meetsPasswordPolicy(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** The first problem with a new password, or undefined: 'Password is required' / 'Password does not meet requirements'. */
export function passwordProblem(password: string | undefined | null): string | undefined {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (!meetsPasswordPolicy(password)) return AUTH_MESSAGES.passwordRequirements;
  return undefined;
}

/** The confirmation field: 'Password confirmation is required' / 'Passwords must match'. */
export function confirmationProblem(password: string, confirmation: string | undefined | null): string | undefined {
  if (!confirmation) return AUTH_MESSAGES.confirmationRequired;
  if (confirmation !== password) return AUTH_MESSAGES.passwordsMustMatch;
  return undefined;
}

/** A six-digit code (MFA): 'Code is required' / 'Code must be 6 digits'. */
export function mfaCodeProblem(code: string | undefined | null): string | undefined {
  if (!code) return AUTH_MESSAGES.codeRequired;
  if (!new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`).test(code)) return AUTH_MESSAGES.codeSixDigits;
  return undefined;
}

/** The emailed verification code of a reset: 'Verification code is required'. */
export function verificationCodeProblem(code: string | undefined | null): string | undefined {
  if (!code || !code.trim()) return AUTH_MESSAGES.verificationCodeRequired;
  return undefined;
}

export function emailProblem(email: string | undefined | null): string | undefined {
  if (!email || !email.trim()) return AUTH_MESSAGES.emailRequired;
  if (email.trim().length > EMAIL_MAX_LENGTH) return AUTH_MESSAGES.emailTooLong;
  return undefined;
}
