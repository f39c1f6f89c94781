/** How the grids say a calculation status (the codes stay in exports and filters). */
export const CALCULATION_STATUS_LABEL: Record<string, string> = {
  PENDING: 'Pending',
  SUCCEEDED: 'Calculated',
  PARTIAL: 'Partial',
  FAILED: 'Failed',
  EXCLUDED: 'Excluded',
};

export function calculationStatusLabel(status: string | null | undefined): string {
  return status ? (CALCULATION_STATUS_LABEL[status] ?? status) : '-';
}
