import type { Caller } from '@gains/auth';
import { ASSET_CLASSES, CGT_CLASSES, SECURITY_STATUSES, type ReferenceData } from '@gains/contracts';
import { assertReader } from './access';
import type { SecuritiesDeps } from './deps';
import { ASSET_CLASS_CGT, ASSET_CLASS_NAMES, CGT_CLASS_NAMES, SECURITY_STATUS_NAMES } from './security-rules';

export type SecuritiesReferenceLists = Pick<
  ReferenceData,
  'currencies' | 'fxRates' | 'assetClasses' | 'cgtClasses' | 'securityStatuses'
>;

/** The reference lists this service owns (Reference Data page). */
export async function getReferenceLists(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
): Promise<SecuritiesReferenceLists> {
  assertReader(caller, organisationUuid);
  const [currencies, fxRates] = await Promise.all([deps.currencies.list(), deps.currencies.latestRates()]);
  return {
    currencies,
    fxRates,
    assetClasses: ASSET_CLASSES.map((code) => ({
      code,
      name: ASSET_CLASS_NAMES[code],
      cgtClass: ASSET_CLASS_CGT[code],
    })),
    cgtClasses: CGT_CLASSES.map((code) => ({ code, name: CGT_CLASS_NAMES[code] })),
    securityStatuses: SECURITY_STATUSES.map((code) => ({ code, name: SECURITY_STATUS_NAMES[code] })),
  };
}
