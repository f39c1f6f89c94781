import { render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncomeReportTab } from './income-report-tab';
import { CaReportTab } from './ca-report-tab';

const client = { uuid: '11111111-1111-4111-8111-111111111111', code: 'ASH00001', name: 'The Lewis Will Trust' };
const YEARS = [
  { uuid: 'y2627', label: '2026-27', startDate: '2026-04-06', endDate: '2027-04-05', id: 2026 },
  { uuid: 'y2526', label: '2025-26', startDate: '2025-04-06', endDate: '2026-04-05', id: 2025 },
];

/** The server as these tabs read it: the tax years and the restriction; every other call is recorded. */
function answer(restriction: string | null) {
  return vi.fn((url: string) => {
    const body = url.includes('/tax-years') ? YEARS : { reportingRestrictionFrom: restriction };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
}

function renderTab(tab: React.ReactNode) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queries}>{tab}</QueryClientProvider>);
}
const download = () => screen.getByTestId('download');

afterEach(() => vi.unstubAllGlobals());

describe('the Income Statement tab', () => {
  beforeEach(() => vi.stubGlobal('fetch', answer(null)));

  it('when no client is selected, then the fields are empty, the year cannot be chosen and Download is disabled', () => {
    renderTab(<IncomeReportTab organisationUuid="org" client={undefined} />);
    expect(screen.getByRole('textbox', { name: 'Client Code' })).toHaveProperty('value', '');
    expect(screen.getByText('Select a client in the Clients area to report on them.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tax year' })).toHaveProperty('disabled', true);
    expect(download()).toHaveProperty('disabled', true);
  });

  it('when a client is selected, then its code and name show and the first tax year returned is chosen', async () => {
    renderTab(<IncomeReportTab organisationUuid="org" client={client} />);
    expect(screen.getByRole('textbox', { name: 'Client Code' })).toHaveProperty('value', 'ASH00001');
    expect(screen.getByRole('textbox', { name: 'Client Name' })).toHaveProperty('value', 'The Lewis Will Trust');
    await screen.findByText('2026-27');
    await waitFor(() => expect(download()).toHaveProperty('disabled', false));
  });

  it("when the first year starts before the client's restriction, then it says so and Download is disabled", async () => {
    vi.stubGlobal('fetch', answer('2026-05-01'));
    renderTab(<IncomeReportTab organisationUuid="org" client={client} />);
    await screen.findByText("This tax year starts before the client's reporting restriction");
    expect(download()).toHaveProperty('disabled', true);
  });
});

describe('the CA Headers tab', () => {
  it('when opened, then it filters every status by pay date from today to today, and Download is offered', async () => {
    renderTab(<CaReportTab organisationUuid="org" client={undefined} report="headers" />);
    expect(screen.getByText('All')).toBeTruthy();
    expect(screen.getByText('Pay Date')).toBeTruthy();
    // a CA report spans the organisation: no client is needed
    expect(screen.queryByText('Select a client in the Clients area to report on them.')).toBeNull();
    const today = dayjs().format('DD/MM/YYYY');
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveProperty('value', today);
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveProperty('value', today);
    expect(download()).toHaveProperty('disabled', false);
  });
});
