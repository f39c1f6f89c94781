import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '@/lib/storage';

/** Results per page (spec §2.4, §9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** A server-driven grid's query: kept in the address (page, size, term, filter) and in browser storage. */
export interface GridQuery {
  page: number;
  size: number;
  term: string;
  filter: string;
}

const KEYS = ['page', 'size', 'term', 'filter'] as const;

export function gridStorageKey(gridId: string, part: 'query' | 'columns' | 'layout'): string {
  return `gains.grid.${gridId}.${part}`;
}

function parse(params: URLSearchParams | Record<string, string | undefined>): GridQuery {
  const read = (k: string) => (params instanceof URLSearchParams ? (params.get(k) ?? undefined) : params[k]);
  const page = Number.parseInt(read('page') ?? '', 10);
  const size = Number.parseInt(read('size') ?? '', 10);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    term: read('term') ?? '',
    filter: read('filter') ?? '',
  };
}

function toParams(current: URLSearchParams, query: GridQuery): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set('page', String(query.page));
  next.set('size', String(query.size));
  if (query.term) next.set('term', query.term);
  else next.delete('term');
  if (query.filter) next.set('filter', query.filter);
  else next.delete('filter');
  return next;
}

/** The query a grid will start with for this address: the address, else what the grid last stored. */
export function initialGridQuery(gridId: string, searchParams: URLSearchParams): GridQuery {
  const inAddress = KEYS.some((k) => searchParams.has(k));
  return inAddress
    ? parse(searchParams)
    : parse(storage.get<Record<string, string>>(gridStorageKey(gridId, 'query')) ?? {});
}

/** Read and update the grid query; an address without it starts from what the grid last stored. */
export function useGridQuery(gridId: string): [GridQuery, (patch: Partial<GridQuery>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = gridStorageKey(gridId, 'query');
  const query = useMemo(() => initialGridQuery(gridId, searchParams), [gridId, searchParams]);

  useEffect(() => {
    // put the query in the address (and storage) so it can be shared and survives a reload
    const next = toParams(searchParams, query);
    storage.set(key, { page: String(query.page), size: String(query.size), term: query.term, filter: query.filter });
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
  }, [query, key, searchParams, setSearchParams]);

  const update = useCallback(
    (patch: Partial<GridQuery>) => {
      setSearchParams((current) => toParams(current, { ...parse(current), ...patch }), { replace: true });
    },
    [setSearchParams],
  );
  return [query, update];
}
