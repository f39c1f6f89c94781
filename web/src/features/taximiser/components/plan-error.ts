import { isApiError } from '@/lib/api-client';

/** The plan call's fields as the page names them. */
const FIELD_LABELS: Record<string, string> = {
  clientUuid: 'Client',
  portfolioUuid: 'Portfolio',
  action: 'Action',
  amount: 'Amount',
  percent: 'Percent',
  include: 'Include',
  includePercent: 'Percent of all holdings',
  exclude: 'Exclude',
  prices: 'Price per share',
  quantities: 'Disposal amounts',
  'quantities.securityId': 'Security',
  'quantities.quantity': 'Disposal amount',
};

/** What a failed call says, naming the field it concerns when the message does not already. */
export function describeError(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : 'The call failed';
  if (!error.field) return error.typeDescription;
  const label = FIELD_LABELS[error.field.replace(/\[\d+\]/g, '')] ?? error.field;
  const named = [error.field, label].some((name) => error.typeDescription.toLowerCase().includes(name.toLowerCase()));
  return named ? error.typeDescription : `${label}: ${error.typeDescription}`;
}
