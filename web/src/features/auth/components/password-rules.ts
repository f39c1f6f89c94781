/** The password rules and messages of spec §5 come from the one policy shared with the identity service. */
import { AUTH_MESSAGES, PASSWORD_RULES, meetsPasswordPolicy } from '@gains/access';

export { PASSWORD_RULES };

export function meetsPasswordRules(password: string): boolean {
  return meetsPasswordPolicy(password);
}

export const PASSWORD_MESSAGES = {
  currentRequired: AUTH_MESSAGES.currentPasswordRequired,
  required: AUTH_MESSAGES.passwordRequired,
  requirements: AUTH_MESSAGES.passwordRequirements,
  confirmationRequired: AUTH_MESSAGES.confirmationRequired,
  mustMatch: AUTH_MESSAGES.passwordsMustMatch,
} as const;
