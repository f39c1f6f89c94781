import type { ColumnState, GridApi } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { loadColumnState, sameSort, saveColumnState, sortOf, sortParams } from './column-state';
import { gridStorageKey } from './grid-query';

describe('a grid column state', () => {
  it('when columns are sorted, then the sort is read in sort-index order and unsorted columns are left out', () => {
    const state: ColumnState[] = [
      { colId: 'name', sort: 'desc', sortIndex: 1 },
      { colId: 'code', sort: null },
      { colId: 'ouCode', sort: 'asc', sortIndex: 0 },
    ];
    expect(sortOf(state)).toEqual([
      { colId: 'ouCode', sort: 'asc' },
      { colId: 'name', sort: 'desc' },
    ]);
    expect(sortParams(sortOf(state))).toEqual(['ouCode,asc', 'name,desc']);
  });

  it('when two sorts are compared, then order and direction both count', () => {
    const a = [{ colId: 'code', sort: 'asc' as const }];
    expect(sameSort(a, [{ colId: 'code', sort: 'asc' }])).toBe(true);
    expect(sameSort(a, [{ colId: 'code', sort: 'desc' }])).toBe(false);
    expect(sameSort(a, [])).toBe(false);
  });

  it('when the state is saved, then it is read back for the same grid only', () => {
    const state: ColumnState[] = [{ colId: 'code', hide: false, width: 120 }];
    saveColumnState('clients', { getColumnState: () => state } as unknown as GridApi);
    expect(loadColumnState('clients')).toEqual(state);
    expect(loadColumnState('users')).toBeUndefined();
  });

  it('when what is stored is not a column state, then nothing is loaded', () => {
    window.localStorage.setItem(gridStorageKey('clients', 'columns'), '{"not":"a list"}');
    expect(loadColumnState('clients')).toBeUndefined();
    window.localStorage.setItem(gridStorageKey('clients', 'columns'), 'not json');
    expect(loadColumnState('clients')).toBeUndefined();
  });
});
