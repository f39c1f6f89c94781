import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, UNKNOWN_ERROR_ID } from '@/lib/api-client';
import { ApiErrorAlert } from './api-error-alert';

describe('the API error alert', () => {
  it('when a call fails, then the alert shows the title, the server’s message, its time in London and its id', () => {
    const error = new ApiError(
      500,
      { type_description: 'Clients could not be listed', timestamp: '2026-07-15T09:05:00Z', id: 'a1b2' },
      'failed',
    );
    render(<ApiErrorAlert title="There was a problem fetching clients" error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('There was a problem fetching clients');
    expect(alert.textContent).toContain('Clients could not be listed');
    expect(alert.textContent).toContain('15/07/2026 10:05');
    expect(alert.textContent).toContain('a1b2');
  });

  it('when the failure is not from the server, then its message shows with the unknown error id', () => {
    render(<ApiErrorAlert title="Failed" error={new Error('network down')} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('network down');
    expect(alert.textContent).toContain(UNKNOWN_ERROR_ID);
  });
});
