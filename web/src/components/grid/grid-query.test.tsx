import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { DEFAULT_PAGE_SIZE, gridStorageKey, initialGridQuery, useGridQuery } from './grid-query';

const GRID = 'test-grid';

function inRouterAt(entry: string) {
  return ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>;
}

function useQueryAndAddress() {
  const [query, update] = useGridQuery(GRID);
  return { query, update, search: new URLSearchParams(useLocation().search) };
}

describe('a server-driven grid query', () => {
  it('when the address holds the query, then the grid starts from the address', () => {
    storage.set(gridStorageKey(GRID, 'query'), { page: '9', size: '100', term: 'stored', filter: '' });
    const query = initialGridQuery(GRID, new URLSearchParams('page=3&size=25&term=smith&filter=live'));
    expect(query).toEqual({ page: 3, size: 25, term: 'smith', filter: 'live' });
  });

  it('when the address has none, then the grid starts from what it last stored', () => {
    storage.set(gridStorageKey(GRID, 'query'), { page: '2', size: '50', term: 'ann', filter: '' });
    expect(initialGridQuery(GRID, new URLSearchParams())).toEqual({ page: 2, size: 50, term: 'ann', filter: '' });
  });

  it('when a page or size is not valid, then the first page and the default size are used', () => {
    expect(initialGridQuery(GRID, new URLSearchParams('page=0&size=7'))).toEqual({
      page: 1,
      size: DEFAULT_PAGE_SIZE,
      term: '',
      filter: '',
    });
    expect(initialGridQuery(GRID, new URLSearchParams('page=abc&size=25')).page).toBe(1);
  });

  it('when the grid opens at a bare address, then the query is written to the address and to storage', () => {
    const { result } = renderHook(() => useQueryAndAddress(), { wrapper: inRouterAt('/clients') });
    expect(result.current.query).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE, term: '', filter: '' });
    expect(result.current.search.get('page')).toBe('1');
    expect(result.current.search.get('size')).toBe(String(DEFAULT_PAGE_SIZE));
    expect(storage.get(gridStorageKey(GRID, 'query'))).toEqual({ page: '1', size: '10', term: '', filter: '' });
  });

  it('when the query is updated, then the address follows, an empty search leaves it, and other parameters stay', () => {
    const { result } = renderHook(() => useQueryAndAddress(), {
      wrapper: inRouterAt('/clients?page=4&size=25&keep=me'),
    });
    act(() => result.current.update({ term: 'smith', page: 1 }));
    expect(result.current.query).toEqual({ page: 1, size: 25, term: 'smith', filter: '' });
    expect(result.current.search.get('term')).toBe('smith');
    expect(result.current.search.get('keep')).toBe('me');

    act(() => result.current.update({ term: '' }));
    expect(result.current.search.has('term')).toBe(false);
    expect(storage.get<{ term: string }>(gridStorageKey(GRID, 'query'))?.term).toBe('');
  });
});
