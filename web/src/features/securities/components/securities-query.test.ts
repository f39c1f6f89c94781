import { describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { gridStorageKey } from '@/components/grid/grid-query';
import { securityKeys } from '../api/security-keys';
import { SECURITIES_GRID_ID } from './securities-columns';
import { initialSecuritiesQuery, initialSecuritySort } from './securities-query';

describe('the securities grid query', () => {
  it('when the address names page, size and term, then the first query uses them, sorted by security name', () => {
    const q = initialSecuritiesQuery('org-1', new URLSearchParams('page=3&size=25&term=acme'));
    expect(q).toEqual({
      organisationUuid: 'org-1',
      page: 3,
      size: 25,
      term: 'acme',
      sort: [{ colId: 'securityName', sort: 'asc' }],
    });
  });

  it('when the address has no query, then the one the grid last stored is used; a bad size falls back to 10', () => {
    storage.set(gridStorageKey(SECURITIES_GRID_ID, 'query'), { page: '2', size: '7', term: 'gilt', filter: '' });
    expect(initialSecuritiesQuery('org-1', new URLSearchParams())).toMatchObject({ page: 2, size: 10, term: 'gilt' });
  });

  it('when the user sorted the grid before, then that sort is sent', () => {
    storage.set(gridStorageKey(SECURITIES_GRID_ID, 'columns'), [
      { colId: 'isin', sort: 'desc', sortIndex: 1 },
      { colId: 'currency', sort: 'asc', sortIndex: 0 },
      { colId: 'sedol', sort: null },
    ]);
    expect(initialSecuritySort()).toEqual([
      { colId: 'currency', sort: 'asc' },
      { colId: 'isin', sort: 'desc' },
    ]);
  });

  it('when two queries differ only in the sort, then they are cached apart', () => {
    const base = { organisationUuid: 'o', page: 1, size: 10, term: '' };
    expect(securityKeys.grid({ ...base, sort: [{ colId: 'isin', sort: 'asc' }] })).not.toEqual(
      securityKeys.grid({ ...base, sort: [{ colId: 'isin', sort: 'desc' }] }),
    );
    expect(securityKeys.grid({ ...base, sort: [] }).slice(0, 3)).toEqual(securityKeys.grids('o'));
  });
});
