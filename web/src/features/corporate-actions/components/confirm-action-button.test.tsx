import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmActionButton } from './confirm-action-button';

const props = {
  label: 'Delete',
  title: 'Delete this header?',
  description: 'Its candidates and previews go; nothing was posted.',
  testId: 'header-delete',
};

describe('a header action that asks first', () => {
  it('when allowed, then clicking asks, and only the confirmation runs the action', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmActionButton {...props} allowed busy={false} danger onConfirm={onConfirm} />);
    const button = screen.getByTestId<HTMLButtonElement>('header-delete');
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('data-allowed')).toBe('true');
    fireEvent.click(button);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(await screen.findByText('Delete this header?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('when the status forbids it, then the button is disabled and says so; when busy, disabled but still allowed', () => {
    const { rerender } = render(<ConfirmActionButton {...props} allowed={false} busy={false} onConfirm={vi.fn()} />);
    expect(screen.getByTestId<HTMLButtonElement>('header-delete').disabled).toBe(true);
    expect(screen.getByTestId('header-delete').getAttribute('data-allowed')).toBe('false');
    rerender(<ConfirmActionButton {...props} allowed busy onConfirm={vi.fn()} />);
    expect(screen.getByTestId<HTMLButtonElement>('header-delete').disabled).toBe(true);
    expect(screen.getByTestId('header-delete').getAttribute('data-allowed')).toBe('true');
  });
});
