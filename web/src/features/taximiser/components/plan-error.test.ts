import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describeError } from './plan-error';

const refused = (type_description: string, field?: string) =>
  new ApiError(400, { type_description, timestamp: '2026-11-27T10:00:00Z', id: 'e-1', field }, 'Bad Request');

describe('describeError', () => {
  it('when the server names a field its message does not, then the field is named first', () => {
    expect(describeError(refused('must be at most 40 characters', 'amount'))).toBe(
      'Amount: must be at most 40 characters',
    );
    expect(describeError(refused('must be 0.0001 or more', 'quantities[2].quantity'))).toBe(
      'Disposal amount: must be 0.0001 or more',
    );
  });

  it('when the message already names the field, then it is shown as it is', () => {
    expect(describeError(refused('Disposal amount must not be more than the 10000 held', 'quantities.quantity'))).toBe(
      'Disposal amount must not be more than the 10000 held',
    );
    expect(describeError(refused('The portfolio is not found'))).toBe('The portfolio is not found');
  });
});
