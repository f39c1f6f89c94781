import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LedgerHolding,
  LedgerTransaction,
  Page,
  Portfolio,
  PostTransactionBody,
  TransactionInput,
  TransactionMetadata,
  TransactionType,
} from '@gains/contracts';
import { apiRequest } from '@/lib/api-client';
import { sortParams, type SortItem } from '@/components/grid/column-state';

export type { LedgerHolding, LedgerTransaction, Portfolio, TransactionInput, TransactionMetadata, TransactionType };

/** The client area's ledger calls (seed 000 §7 Clients, seed 001 §7 Transactions). */
export const ledgerKeys = {
  all: ['ledger'] as const,
  portfolios: (org: string, clientUuid: string) => [...ledgerKeys.all, org, 'portfolios', clientUuid] as const,
  holdings: (org: string, portfolioUuid: string) => [...ledgerKeys.all, org, 'holdings', portfolioUuid] as const,
  transactions: (org: string, portfolioUuid: string, securityId: number) =>
    [...ledgerKeys.all, org, 'transactions', portfolioUuid, securityId] as const,
  calculationStatus: (org: string, clientUuid: string) =>
    [...ledgerKeys.all, org, 'calculation-status', clientUuid] as const,
  types: (org: string, portfolioUuid: string) => [...ledgerKeys.all, org, 'types', portfolioUuid] as const,
  metadata: (org: string, type: string, securityId: number, currency: string) =>
    [...ledgerKeys.all, org, 'metadata', type, securityId, currency] as const,
};

/** POST portfolios/summary {ids}. */
export function usePortfolios(organisationUuid: string, clientUuid: string | undefined) {
  return useQuery({
    queryKey: ledgerKeys.portfolios(organisationUuid, clientUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Portfolio[]>('/portfolios/summary', {
        method: 'POST',
        organisationUuid,
        body: { ids: [clientUuid] },
        signal,
      }),
    enabled: !!clientUuid,
  });
}

/** POST holdings/summary {portfolioUuid, clientUuid}. */
export function useHoldings(organisationUuid: string, portfolioUuid: string | undefined, clientUuid: string) {
  return useQuery({
    queryKey: ledgerKeys.holdings(organisationUuid, portfolioUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<LedgerHolding[]>('/holdings/summary', {
        method: 'POST',
        organisationUuid,
        body: { portfolioUuid, clientUuid },
        signal,
      }),
    enabled: !!portfolioUuid,
  });
}

export interface HoldingTransactionsQuery {
  organisationUuid: string;
  portfolioUuid: string;
  clientUuid: string;
  securityId: number;
  page: number;
  size: number;
  term: string;
  sort: SortItem[];
}

/** POST transactions/summary: a holding's transactions, a page at a time. */
export function getHoldingTransactions(q: HoldingTransactionsQuery, signal?: AbortSignal) {
  return apiRequest<Page<LedgerTransaction>>('/transactions/summary', {
    method: 'POST',
    organisationUuid: q.organisationUuid,
    signal,
    body: {
      portfolioUuid: q.portfolioUuid,
      clientUuid: q.clientUuid,
      securityId: q.securityId,
      page: q.page,
      size: q.size,
      term: q.term.trim() || undefined,
      sort: sortParams(q.sort),
    },
  });
}

export function useHoldingTransactions(q: HoldingTransactionsQuery | undefined) {
  return useQuery(
    queryOptions({
      queryKey: q
        ? [
            ...ledgerKeys.transactions(q.organisationUuid, q.portfolioUuid, q.securityId),
            { page: q.page, size: q.size, term: q.term, sort: sortParams(q.sort) },
          ]
        : [...ledgerKeys.all, 'none'],
      queryFn: ({ signal }) => getHoldingTransactions(q!, signal),
      enabled: !!q,
      placeholderData: keepPreviousData,
      meta: { errorToast: false },
    }),
  );
}

/** GET customerAdmin/transactions/types?portfolioUuid=. */
export function useTransactionTypes(organisationUuid: string, portfolioUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ledgerKeys.types(organisationUuid, portfolioUuid),
    queryFn: ({ signal }) =>
      apiRequest<TransactionType[]>('/customerAdmin/transactions/types', {
        organisationUuid,
        query: { portfolioUuid },
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Failed loading transaction types.' },
  });
}

/** GET customerAdmin/transactions/metadata: the fields a type needs, the FX rate, the states and income types. */
export function useTransactionMetadata(
  organisationUuid: string,
  type: string | undefined,
  securityId: number | undefined,
  currency: string,
) {
  return useQuery({
    queryKey: ledgerKeys.metadata(organisationUuid, type ?? '', securityId ?? 0, currency),
    queryFn: ({ signal }) =>
      apiRequest<TransactionMetadata>('/customerAdmin/transactions/metadata', {
        organisationUuid,
        query: { type, securityId, transactionCcyCode: currency || 'GBP' },
        signal,
      }),
    enabled: !!type && !!securityId,
    meta: { errorToast: false },
  });
}

/** Post one transaction, or edit some (uuid + version); the holding and its transactions refetch after. */
export function useSaveTransaction(organisationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { portfolioUuid: string; securityId: number; transaction: Partial<TransactionInput> }) =>
      input.transaction.uuid
        ? apiRequest<LedgerTransaction[]>('/customerAdmin/transactions', {
            method: 'PUT',
            organisationUuid,
            body: {
              portfolioUuid: input.portfolioUuid,
              securityId: input.securityId,
              transactions: [input.transaction],
            },
          }).then((rows) => rows[0])
        : apiRequest<LedgerTransaction>('/customerAdmin/transactions', {
            method: 'POST',
            organisationUuid,
            body: input as PostTransactionBody,
          }),
    // field errors show on the form
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ledgerKeys.all, organisationUuid] }),
  });
}
