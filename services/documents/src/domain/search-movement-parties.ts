import type { Caller } from '@gains/auth';
import { invalidArgument, notFound } from '@gains/errors';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps } from './deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Suggestions a search answers (seed 001 §5: at most 10). */
const SUGGESTIONS = 10;

export interface SearchMovementRequest {
  organisationUuid: string;
  typeUuid: string;
  direction: string;
  terms: string;
  clientUuid: string;
}

/** The request checked: a portfolio movement type of the organisation, in or out. */
async function checked(deps: DocumentsDeps, caller: Caller, req: SearchMovementRequest) {
  assertDocumentsUser(caller, req.organisationUuid);
  if (!UUID.test(req.typeUuid)) throw invalidArgument('typeId', 'typeId must be a document type’s uuid');
  if (req.direction !== 'in' && req.direction !== 'out')
    throw invalidArgument('direction', 'direction must be in or out');
  const type = await deps.types.find(req.organisationUuid, req.typeUuid.toLowerCase());
  if (!type || type.documentTypeCode !== 'PM') throw notFound('The portfolio movement type', 'typeId');
  return req.terms.trim().slice(0, 100);
}

/**
 * GET .../types/{typeId}/{in|out}/clients?terms=: a movement row's client suggestions (seed 001 §5: a non-empty
 * term, at most 10), searched in the caller's organisation by the clients service with the caller's own token.
 */
export async function searchMovementClients(deps: DocumentsDeps, caller: Caller, req: SearchMovementRequest) {
  const terms = await checked(deps, caller, req);
  if (terms === '') return [];
  return (await deps.searchClients(caller, req.organisationUuid, terms, SUGGESTIONS)).slice(0, SUGGESTIONS);
}

/** GET .../types/{typeId}/{in|out}/portfolios?terms=&clientUuid=: the client's portfolios matching the term. */
export async function searchMovementPortfolios(deps: DocumentsDeps, caller: Caller, req: SearchMovementRequest) {
  const terms = (await checked(deps, caller, req)).toLowerCase();
  if (!UUID.test(req.clientUuid)) throw invalidArgument('clientUuid', 'Client is required');
  const portfolios = await deps.clientPortfolios(caller, req.organisationUuid, req.clientUuid.toLowerCase());
  return portfolios
    .filter((p) => terms === '' || p.code.toLowerCase().includes(terms) || p.name.toLowerCase().includes(terms))
    .slice(0, SUGGESTIONS);
}
