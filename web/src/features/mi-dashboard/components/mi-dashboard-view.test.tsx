import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MiDashboard } from '@gains/contracts';
import { MiDashboardView } from './mi-dashboard-view';

const ORG = '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002';

function figures(overrides: Partial<MiDashboard> = {}): MiDashboard {
  return {
    asAt: '2026-11-28',
    from: '2025-12-01',
    to: '2026-11-28',
    assetsUnderAdministration: [
      { date: '2026-10-31', value: '1234567.80', pricedSecurities: 2, unpricedSecurities: 0 },
      { date: '2026-11-28', value: '-0.05', pricedSecurities: 2, unpricedSecurities: 1 },
    ],
    realisedGains: [
      { taxYear: '2025-26', capitalGainLoss: '12.34', incomeGain: '0.00', exemptGainLoss: '0.00', disposals: 1 },
    ],
    clients: 3,
    clientsByState: [
      { state: 'Closed', count: 1 },
      { state: 'Live', count: 2 },
    ],
    clientsByAeBand: [{ band: 'Not calculated', count: 3 }],
    jobsByStatus: [{ status: 'FAILED', label: 'Failed', count: 2 }],
    calculationFailures: { failures: 2, clients: 1 },
    recBreaks: { breaks: 4, clients: 2 },
    monitorLogsBySeverity: [{ severityId: 4, severity: 'Urgent', count: 2 }],
    ...overrides,
  };
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
    ),
  );
}

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MiDashboardView organisationUuid={ORG} organisationName="Ashworth" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the MI Dashboard', () => {
  it('when the figures are loading, then a spinner shows', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderView();
    expect(screen.getByText('Loading figures')).toBeTruthy();
  });

  it('when the call fails, then the error names the organisation and shows the server message', async () => {
    answer(500, {
      type_description: 'The reports service is unavailable',
      timestamp: '2026-11-28T10:00:00Z',
      id: 'e-1',
    });
    renderView();
    expect(await screen.findByText('There was a problem fetching the MI Dashboard for Ashworth')).toBeTruthy();
    expect(screen.getByText('The reports service is unavailable')).toBeTruthy();
  });

  it('when a firm has nothing yet, then each figure shows its empty state', async () => {
    answer(
      200,
      figures({
        assetsUnderAdministration: [{ date: '2026-11-28', value: '0.00', pricedSecurities: 0, unpricedSecurities: 0 }],
        realisedGains: [],
        clients: 0,
        clientsByState: [],
        clientsByAeBand: [],
        jobsByStatus: [{ status: 'FAILED', label: 'Failed', count: 0 }],
        monitorLogsBySeverity: [{ severityId: 1, severity: 'Low', count: 0 }],
      }),
    );
    renderView();
    expect(await screen.findByText('Nothing held yet')).toBeTruthy();
    expect(screen.getByText('No realised gains yet')).toBeTruthy();
    expect(screen.getAllByText('No clients yet')).toHaveLength(2);
    expect(screen.getByText('No jobs in the period')).toBeTruthy();
    expect(screen.getByText('No monitor logs in the period')).toBeTruthy();
  });

  it('when a figure is shown as a table, then money reads as GBP en-GB from the exact text', async () => {
    answer(200, figures());
    renderView();
    const card = await screen.findByTestId('mi-assets');
    fireEvent.click(within(card).getByText('Table'));
    const table = await screen.findByTestId('mi-assets-table');
    expect(within(table).getByText('£1,234,567.80')).toBeTruthy();
    expect(within(table).getByText('-£0.05')).toBeTruthy();
    expect(within(table).getByText('31/10/2026')).toBeTruthy();
    const states = screen.getByTestId('mi-clients-by-state');
    fireEvent.click(within(states).getByText('Table'));
    const rows = within(await screen.findByTestId('mi-clients-by-state-table')).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['Closed1', 'Live2']);
  });
});
