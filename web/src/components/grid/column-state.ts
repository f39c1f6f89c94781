import type { ColumnState, GridApi } from 'ag-grid-community';
import { storage } from '@/lib/storage';
import { gridStorageKey } from './grid-query';

/** Column state (visibility, order, width, sort) saved per grid under a columns key (spec §2.4). */
export function loadColumnState(gridId: string): ColumnState[] | undefined {
  const state = storage.get<ColumnState[]>(gridStorageKey(gridId, 'columns'));
  return Array.isArray(state) ? state : undefined;
}

export function saveColumnState(gridId: string, api: GridApi): void {
  storage.set(gridStorageKey(gridId, 'columns'), api.getColumnState());
}

export interface SortItem {
  colId: string;
  sort: 'asc' | 'desc';
}

/** The sort of a column state, in sort-index order. */
export function sortOf(state: ColumnState[]): SortItem[] {
  return state
    .filter((c): c is ColumnState & { sort: 'asc' | 'desc' } => c.sort === 'asc' || c.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((c) => ({ colId: c.colId, sort: c.sort }));
}

/** `sort=column,direction` pairs as the API wants them. */
export function sortParams(sort: SortItem[]): string[] {
  return sort.map((s) => `${s.colId},${s.sort}`);
}

export function sameSort(a: SortItem[], b: SortItem[]): boolean {
  return a.length === b.length && a.every((s, i) => s.colId === b[i].colId && s.sort === b[i].sort);
}
