/**
 * The income types (seed 000 §3, a coded list): what kind of income a ledger income row or an income diary is.
 * Shared by the clients service (reference lists, transaction rules), the documents service (income diaries) and
 * the web app's forms. Lists only ever append: a code's place is its id.
 */
export const INCOME_TYPE_ITEMS: readonly { code: string; name: string }[] = [
  { code: 'UK_DIVIDEND', name: 'UK company dividend' },
  { code: 'NON_UK_DIVIDEND', name: 'Non-UK company dividend' },
  { code: 'UK_INTEREST', name: 'UK company interest' },
  { code: 'NON_UK_INTEREST', name: 'Non-UK company interest' },
  { code: 'GILT_INTEREST', name: 'Gilt interest' },
  { code: 'BOND_INTEREST', name: 'Bond interest' },
  { code: 'UNIT_TRUST_DIVIDEND', name: 'Unit trust dividend distribution' },
  { code: 'UNIT_TRUST_INTEREST', name: 'Unit trust interest distribution' },
  { code: 'UK_PID', name: 'UK property income distribution' },
  { code: 'ACCRUED_INTEREST_CHARGE', name: 'Accrued interest charge' },
  { code: 'ACCRUED_INTEREST_RELIEF', name: 'Accrued interest relief' },
  { code: 'BANK_INTEREST', name: 'Bank and building society interest' },
  { code: 'NON_UK_OTHER', name: 'Non-UK other income' },
];

export const incomeTypeName = (code: string): string => INCOME_TYPE_ITEMS.find((t) => t.code === code)?.name ?? '';
