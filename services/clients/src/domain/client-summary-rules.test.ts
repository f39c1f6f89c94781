import { describe, expect, it } from 'vitest';
import { DomainError } from '@gains/errors';
import { parseClientSummaryQuery } from './client-summary-rules';

const base = {
  organisationUuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
  page: 1,
  size: 10,
  term: '',
  filter: '',
  sort: [],
};

describe('client summary query rules', () => {
  it('when no sort is given, then the grid sorts by organisation then client code', () => {
    expect(parseClientSummaryQuery(base).sort).toEqual([
      { column: 'ouCode', direction: 'asc' },
      { column: 'code', direction: 'asc' },
    ]);
  });

  it('when page and size are zero (unset on the wire), then page 1 of 10 is used', () => {
    const q = parseClientSummaryQuery({ ...base, page: 0, size: 0 });
    expect([q.page, q.size]).toEqual([1, 10]);
  });

  it.each([25, 50, 100])('when size is %i, then it is accepted', (size) => {
    expect(parseClientSummaryQuery({ ...base, size }).size).toBe(size);
  });

  it('when size is not one of 10, 25, 50, 100, then the error names the size field', () => {
    try {
      parseClientSummaryQuery({ ...base, size: 20 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).field).toBe('size');
      expect((e as DomainError).code).toBe('INVALID_ARGUMENT');
    }
  });

  it('when sorting by an unknown column or direction, then it is refused naming sort', () => {
    expect(() => parseClientSummaryQuery({ ...base, sort: [{ column: 'secret', direction: 'asc' }] })).toThrow(
      /cannot sort by 'secret'/,
    );
    expect(() => parseClientSummaryQuery({ ...base, sort: [{ column: 'code', direction: 'up' }] })).toThrow(
      /asc or desc/,
    );
  });

  it('when multi-sort pairs are given, then their order and directions are kept', () => {
    const q = parseClientSummaryQuery({
      ...base,
      sort: [
        { column: 'marketValuation', direction: 'DESC' },
        { column: 'name', direction: 'asc' },
      ],
    });
    expect(q.sort).toEqual([
      { column: 'marketValuation', direction: 'desc' },
      { column: 'name', direction: 'asc' },
    ]);
  });

  it('when the organisation is not a uuid or the page is past the last possible one, then it is refused by name', () => {
    expect(() => parseClientSummaryQuery({ ...base, organisationUuid: 'org' })).toThrow(
      expect.objectContaining({ field: 'organisationUuid', code: 'INVALID_ARGUMENT' }),
    );
    expect(() => parseClientSummaryQuery({ ...base, page: 2 ** 31 - 1 })).toThrow(
      expect.objectContaining({ field: 'page', message: 'page must be a whole number from 1 to 1000000' }),
    );
  });

  it("when filter is 'live', then only live clients are asked for; any other filter is refused", () => {
    expect(parseClientSummaryQuery({ ...base, filter: 'live' }).liveOnly).toBe(true);
    expect(() => parseClientSummaryQuery({ ...base, filter: 'dead' })).toThrow(/filter/);
  });
});
