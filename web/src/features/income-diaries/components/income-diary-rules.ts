/** The document types a diary may carry: income corporate actions whose terms are one rate per share. */
export function isDiaryType(t: {
  income: boolean;
  documentTypeCode: string;
  parentSecurityPriceMandatory: boolean;
  lineDefinitions: { mandatory: boolean; newSecurity: boolean; usePriceInTransaction: boolean; defaultPrice: string }[];
}): boolean {
  if (!t.income || t.documentTypeCode !== 'CA' || t.parentSecurityPriceMandatory) return false;
  const mandatory = t.lineDefinitions.filter((d) => d.mandatory);
  const line = mandatory[0];
  return (
    mandatory.length === 1 && !!line && !line.newSecurity && !(line.usePriceInTransaction && line.defaultPrice === '')
  );
}
