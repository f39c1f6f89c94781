import { useCallback, useEffect, useState } from 'react';
import type { ColumnEvent, GridReadyEvent, SortChangedEvent } from 'ag-grid-community';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useGridQuery } from './grid-query';
import { loadColumnState, sameSort, saveColumnState, sortOf, type SortItem } from './column-state';

/** The saved sort of a grid, else its default. */
export function savedSort(gridId: string, fallback: SortItem[]): SortItem[] {
  const saved = loadColumnState(gridId);
  const sort = saved ? sortOf(saved) : [];
  return sort.length ? sort : fallback;
}

/**
 * What server-driven grids share: page, size and term in the address and storage, the search box settling for
 * 500 ms, the sort sent to the server, the column state saved.
 */
export function useServerGrid(gridId: string, defaultSort: SortItem[] = []) {
  const [query, setQuery] = useGridQuery(gridId);
  const [sort, setSort] = useState<SortItem[]>(() => savedSort(gridId, defaultSort));
  const [searchText, setSearchText] = useState(query.term);
  const debouncedSearch = useDebouncedValue(searchText, config.searchDebounceMs);

  useEffect(() => {
    if (debouncedSearch.trim() !== query.term) setQuery({ term: debouncedSearch.trim(), page: 1 });
    // only a settled search box changes the query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const persistColumns = useCallback(
    (event: ColumnEvent | { api: GridReadyEvent['api'] }) => saveColumnState(gridId, event.api),
    [gridId],
  );

  const onGridReady = useCallback(
    (event: GridReadyEvent) => {
      const saved = loadColumnState(gridId);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
    },
    [gridId],
  );

  const onSortChanged = useCallback(
    (event: SortChangedEvent) => {
      const next = sortOf(event.api.getColumnState());
      saveColumnState(gridId, event.api);
      setSort((current) => {
        if (sameSort(current, next)) return current;
        setQuery({ page: 1 });
        return next;
      });
    },
    [gridId, setQuery],
  );

  return {
    query,
    setQuery,
    sort,
    searchText,
    setSearchText,
    gridEvents: {
      onGridReady,
      onSortChanged,
      onColumnMoved: persistColumns,
      onColumnResized: (e: ColumnEvent & { finished?: boolean }) => e.finished && persistColumns(e),
      onColumnVisible: persistColumns,
      onColumnPinned: persistColumns,
    },
  };
}
