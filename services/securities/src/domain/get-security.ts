import type { Caller } from '@gains/auth';
import type { SecurityDetail } from '@gains/contracts';
import { notFound } from '@gains/errors';
import { assertAdmin } from './access';
import type { SecuritiesDeps } from './deps';
import { isStale } from './price-rules';

/**
 * One security with its latest price (stale per the organisation's price aging) and the pending changes
 * to it that the caller may see: their own firm's proposals, or everyone's for a provider admin.
 */
export async function getSecurity(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  id: number,
): Promise<SecurityDetail> {
  const authority = assertAdmin(caller, organisationUuid);
  const security = await deps.securities.findById(id);
  if (!security) throw notFound('Security', 'id');
  const today = deps.today();
  const [latest, aging, pendingChanges] = await Promise.all([
    deps.prices.latestOnOrBefore(id, today),
    deps.priceAging(caller, organisationUuid),
    deps.changes.list({
      organisationUuid: authority === 'PROVIDER' ? null : organisationUuid,
      status: 'PENDING',
      entityType: 'SECURITY',
      entityId: String(id),
    }),
  ]);
  return {
    ...security,
    latestPrice: latest ? { ...latest, stale: isStale(latest.date, today, aging) } : null,
    pendingChanges,
  };
}
