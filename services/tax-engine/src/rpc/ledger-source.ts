import { ConnectError, createClient, type Transport } from '@connectrpc/connect';
import { bearer } from '@gains/auth';
import { ledger } from '@gains/proto';
import type { LoadedLedger } from '../domain/run-calculation';

/** The tax engine's own name: the service token's `svc` claim, which ExportClientLedger accepts. */
export const SERVICE_NAME = 'tax-engine';

/**
 * The clients service's refusal as this service's own: its code and message, without the stream's response headers
 * (passed on, a streaming content type would replace a unary answer's, and the caller could not read the error).
 */
function ownError(e: unknown): unknown {
  return e instanceof ConnectError ? new ConnectError(e.rawMessage, e.code) : e;
}

/** Reads a client's ledger from the clients service's stream, the chunks joined. */
export async function readLedgerStream(chunks: AsyncIterable<ledger.ExportClientLedgerChunk>): Promise<LoadedLedger> {
  let head: ledger.ExportClientLedgerChunk | undefined;
  const parts: string[] = [];
  try {
    for await (const chunk of chunks) {
      head ??= chunk;
      parts.push(chunk.ledgerCsv);
    }
  } catch (e) {
    throw ownError(e);
  }
  if (!head?.taxpayer) throw new Error('the ledger stream was empty');
  const loaded = { ...loadedLedger(head, parts, true), isaNetPurchases: head.isaNetPurchases || '0.00' };
  const spouse = head.spouse;
  return spouse
    ? { ...loaded, spouse: { clientUuid: spouse.clientUuid, code: spouse.code, name: spouse.name } }
    : loaded;
}

/**
 * Reads many clients' ledgers from one ExportClientLedgers stream: each client's chunks follow one another, the
 * first with its head; a client that could not be exported comes as an Error with the reason.
 */
export async function readLedgersStream(
  chunks: AsyncIterable<ledger.ExportClientLedgerChunk>,
): Promise<Map<string, LoadedLedger | Error>> {
  const out = new Map<string, LoadedLedger | Error>();
  let head: ledger.ExportClientLedgerChunk | undefined;
  let parts: string[] = [];
  const close = () => {
    if (head?.taxpayer) out.set(head.clientUuid.toLowerCase(), loadedLedger(head, parts));
    head = undefined;
    parts = [];
  };
  for await (const chunk of chunks) {
    if (chunk.error) {
      close();
      out.set(chunk.clientUuid.toLowerCase(), new Error(chunk.error));
      continue;
    }
    if (head && head.clientUuid !== chunk.clientUuid) close();
    head ??= chunk;
    parts.push(chunk.ledgerCsv);
  }
  close();
  return out;
}

function loadedLedger(head: ledger.ExportClientLedgerChunk, parts: string[], detailed = false): LoadedLedger {
  if (!head.taxpayer) throw new Error('the ledger stream began without its head');
  return {
    taxpayer: head.taxpayer,
    ledgerVersion: head.ledgerVersion,
    clientCode: head.clientCode,
    ledgerCsv: parts.join(''),
    pricesCsv: head.pricesCsv,
    context: {
      // One client's ledger read on its own (the Taximiser's) carries what a plan shows; a batch's leaves it out,
      // as the context of each of a firm's 100,000 runs is copied to the compute worker.
      portfolios: head.portfolios.map((p) => ({
        uuid: p.uuid,
        code: p.code,
        excluded: p.excluded,
        ...(detailed && { percentage: p.percentage, taxWrapper: p.taxWrapper }),
      })),
      securities: head.securities.map((s) => ({
        id: s.id,
        code: s.code,
        priceGbp: s.priceGbp,
        ...(detailed && { cgtClass: s.cgtClass, sedol: s.sedol, isin: s.isin, name: s.name }),
      })),
      excludedHoldings: head.excludedHoldings.map((h) => ({
        portfolioUuid: h.portfolioUuid,
        securityId: h.securityId,
        quantity: h.quantity,
      })),
    },
  };
}

/** The clients service's ExportClientLedger, as a token's holder (the engine's own, or a user's). */
export function createLedgerSource(clientsTransport: Transport) {
  const client = createClient(ledger.LedgerService, clientsTransport);
  return {
    load(organisationUuid: string, clientUuid: string, token: string): Promise<LoadedLedger> {
      return readLedgerStream(client.exportClientLedger({ organisationUuid, clientUuid }, { headers: bearer(token) }));
    },
    /** Many clients' ledgers of one organisation (ExportClientLedgers), by client uuid (lower case). */
    loadMany(organisationUuid: string, clientUuids: string[], token: string) {
      return readLedgersStream(
        client.exportClientLedgers({ organisationUuid, clientUuids }, { headers: bearer(token) }),
      );
    },
    /** A page of the organisation's clients with a ledger. */
    listClients(organisationUuid: string, afterClientUuid: string, limit: number, token: string) {
      return client.listLedgerClients({ organisationUuid, afterClientUuid, limit }, { headers: bearer(token) });
    },
    /** The same, with the `pnpm cgt` arguments (the ledger-csv download). */
    async loadWithArgs(organisationUuid: string, clientUuid: string, token: string) {
      let cgtArgs: string[] = [];
      const chunks = client.exportClientLedger({ organisationUuid, clientUuid }, { headers: bearer(token) });
      const loaded = await readLedgerStream(
        (async function* () {
          for await (const chunk of chunks) {
            if (chunk.taxpayer) cgtArgs = chunk.cgtArgs;
            yield chunk;
          }
        })(),
      );
      return { ...loaded, cgtArgs };
    },
  };
}

export type LedgerSource = ReturnType<typeof createLedgerSource>;
