import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resultLabel, searchTerm, topResults, type SecuritySearchResult } from './search-securities';
import { SecuritySearchSelect } from './security-search-select';

const result = (id: number): SecuritySearchResult => ({
  id,
  sedol: `B0000${String(id).padStart(2, '0')}`,
  isin: `GB00B0000${String(id).padStart(2, '0')}0`,
  reportingName: `Reporting ${id}`,
  securityName: `Security ${id}`,
  issuerName: `Issuer ${id}`,
});

describe('the security search terms and results', () => {
  it('when the term is blank, then there is nothing to search; otherwise it is trimmed', () => {
    expect(searchTerm('   ')).toBeUndefined();
    expect(searchTerm('  acme ')).toBe('acme');
  });

  it('when the server sends more than ten, then ten show, in its order', () => {
    const many = Array.from({ length: 14 }, (_, i) => result(i + 1));
    expect(topResults(many).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(topResults(undefined)).toEqual([]);
  });

  it('when a result is listed, then it reads SEDOL, ISIN, reporting name and issuer', () => {
    expect(resultLabel(result(1))).toBe('B000001 · GB00B0000010 · Reporting 1 (Issuer 1)');
  });
});

describe('the security search select', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify([result(1)]), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function renderSelect() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SecuritySearchSelect organisationUuid="org-1" onSelect={() => {}} />
      </QueryClientProvider>,
    );
    return screen.getByRole('combobox');
  }

  const searched = () => fetchMock.mock.calls.map(([url]) => String(url));

  it('when the user types, then one search goes out 500 ms after typing stops, with the settled term', async () => {
    const input = renderSelect();
    fireEvent.change(input, { target: { value: 'ac' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(input, { target: { value: 'acme' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searched()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searched()).toHaveLength(1);
    expect(searched()[0]).toMatch(/\/securities\/search\?term=acme$/);
  });

  it('when only spaces are typed, then no search goes out', async () => {
    const input = renderSelect();
    fireEvent.change(input, { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searched()).toEqual([]);
  });
});
