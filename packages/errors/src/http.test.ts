import { describe, expect, it } from 'vitest';
import { toConnectError } from './connect-interceptor';
import { DomainError } from './domain-error';
import { httpErrorFrom } from './http';

describe('Connect codes to HTTP statuses', () => {
  it('when a computation reaches its time limit, then the answer is 504 and its message names the limit', () => {
    const limit = new DomainError('DEADLINE_EXCEEDED', 'The ledger took longer than the 60 s limit to compute');
    expect(httpErrorFrom(toConnectError(limit))).toEqual({
      status: 504,
      message: 'The ledger took longer than the 60 s limit to compute',
      field: undefined,
    });
  });

  it('when the engine is busy or a cap is reached, then the answer is 429 with its message', () => {
    const busy = new DomainError('RESOURCE_EXHAUSTED', 'Your firm already has 16 calculations waiting or computing');
    expect(httpErrorFrom(toConnectError(busy))).toMatchObject({ status: 429, message: busy.message });
  });

  it('when a call fails unexpectedly, then the 500 says nothing of the cause', () => {
    expect(httpErrorFrom(toConnectError(new Error('database password in here')))).toMatchObject({
      status: 500,
      message: 'Something went wrong on our side; please try again',
    });
  });
});
