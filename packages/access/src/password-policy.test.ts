import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  confirmationProblem,
  emailProblem,
  meetsPasswordPolicy,
  mfaCodeProblem,
  passwordChecklist,
  passwordProblem,
  PASSWORD_RULES,
  PASSWORD_SPECIAL_CHARACTERS,
  verificationCodeProblem,
} from './password-policy';

// Every special character of spec §5, written out independently of the module under test.
const SPEC_SPECIALS = `$ ^ * . [ ] { } ( ) ? " ! @ # % & / \\ , > < ' : ; | _ ~ \` = + -`.split(' ');

describe('password policy', () => {
  it('lists exactly the special characters of §5', () => {
    expect(SPEC_SPECIALS).toHaveLength(32);
    expect([...PASSWORD_SPECIAL_CHARACTERS].sort()).toEqual([...SPEC_SPECIALS].sort());
  });

  it.each(SPEC_SPECIALS)('when the only special character is %s, then the password is accepted', (ch) => {
    const password = `Abcdefg1${ch}`;
    expect(meetsPasswordPolicy(password)).toBe(true);
    expect(passwordProblem(password)).toBeUndefined();
    expect(passwordChecklist(password).find((r) => r.key === 'special')!.met).toBe(true);
  });

  it.each(['Abcdefg12', 'Abcdefg1 ', 'Abcdefg1é', 'Abcdefg1£', 'Abcdefg1€', 'Abcdefg1§'])(
    'when %j has no special character of §5, then it does not meet the requirements',
    (password) => {
      expect(meetsPasswordPolicy(password)).toBe(false);
      expect(passwordProblem(password)).toBe('Password does not meet requirements');
    },
  );

  it('when a rule is missing, then only that item of the list is not met', () => {
    const cases: [string, string][] = [
      ['Ab1!xyz', 'length'],
      ['Abcdefg!', 'digit'],
      ['abcdefg1!', 'uppercase'],
      ['ABCDEFG1!', 'lowercase'],
      ['Abcdefg12', 'special'],
    ];
    for (const [password, missing] of cases) {
      const unmet = passwordChecklist(password)
        .filter((r) => !r.met)
        .map((r) => r.key);
      expect(unmet, password).toEqual([missing]);
      expect(passwordProblem(password)).toBe(AUTH_MESSAGES.passwordRequirements);
    }
  });

  it('when the password is exactly 8 characters with every kind, then it is accepted', () => {
    expect(meetsPasswordPolicy('Abcdef1!')).toBe(true);
    expect(meetsPasswordPolicy('Abcde1!')).toBe(false);
  });

  it('when nothing is typed, then the list is all unmet and the message says it is required', () => {
    expect(passwordChecklist('').every((r) => !r.met)).toBe(true);
    expect(passwordProblem('')).toBe('Password is required');
    expect(passwordProblem(undefined)).toBe('Password is required');
  });

  it('labels every rule for the requirement list', () => {
    expect(PASSWORD_RULES.map((r) => r.key)).toEqual(['length', 'digit', 'uppercase', 'lowercase', 'special']);
    for (const rule of PASSWORD_RULES) expect(rule.label.length).toBeGreaterThan(0);
  });
});

describe('confirmation, codes and email', () => {
  it('checks the confirmation', () => {
    expect(confirmationProblem('Abcdef1!', '')).toBe('Password confirmation is required');
    expect(confirmationProblem('Abcdef1!', 'Abcdef1?')).toBe('Passwords must match');
    expect(confirmationProblem('Abcdef1!', 'Abcdef1!')).toBeUndefined();
  });

  it('requires a six-digit MFA code', () => {
    expect(mfaCodeProblem('')).toBe('Code is required');
    expect(mfaCodeProblem('12345')).toBe('Code must be 6 digits');
    expect(mfaCodeProblem('1234567')).toBe('Code must be 6 digits');
    expect(mfaCodeProblem('12a456')).toBe('Code must be 6 digits');
    expect(mfaCodeProblem('012345')).toBeUndefined();
  });

  it('requires the verification code and the email', () => {
    expect(verificationCodeProblem(' ')).toBe('Verification code is required');
    expect(verificationCodeProblem('123456')).toBeUndefined();
    expect(emailProblem('')).toBe('Email address is required');
    expect(emailProblem('a@b.example')).toBeUndefined();
    expect(emailProblem(`${'a'.repeat(243)}@gains.example`)).toBe('Email address must be at most 254 characters');
  });

  it('keeps the exact texts of §2.2 and §5', () => {
    expect(AUTH_MESSAGES).toMatchObject({
      currentPasswordRequired: 'Current password is required',
      newPasswordSetup: 'Please setup a new password',
      verificationCodeSent: "We've sent you an email with a verification code",
    });
  });
});
