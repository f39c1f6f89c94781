import type { Caller } from '@gains/auth';
import type { SecuritySearchResult } from '@gains/contracts';
import { TERM_MAX_LENGTH } from '@gains/access';
import { invalidArgument } from '@gains/errors';
import { assertReader } from './access';
import type { SecuritiesDeps } from './deps';

export const SEARCH_LIMIT = 10;

/** Security search (seed 000 §5): by SEDOL, ISIN or name, at most 10, exact code first, then prefix, then contains. */
export async function searchSecurities(
  deps: SecuritiesDeps,
  caller: Caller,
  organisationUuid: string,
  rawTerm: string,
): Promise<SecuritySearchResult[]> {
  assertReader(caller, organisationUuid);
  const term = rawTerm.trim();
  if (term.length > TERM_MAX_LENGTH)
    throw invalidArgument('term', `term must be at most ${TERM_MAX_LENGTH} characters`);
  if (!term) return [];
  return deps.securities.search(term, SEARCH_LIMIT);
}
