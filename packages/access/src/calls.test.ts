import { describe, expect, it } from 'vitest';
import { CALLS, canCall, canCallPath, matchCall } from './calls';

describe('calls table', () => {
  it('has each method and path once', () => {
    const keys = CALLS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('when a static segment and a parameter both fit, then the static one wins', () => {
    expect(matchCall('GET', '/admin/organisations/types')!.call.path).toBe('/admin/organisations/types');
    expect(matchCall('GET', '/admin/organisations/service-levels')!.call.path).toBe(
      '/admin/organisations/service-levels',
    );
    expect(matchCall('GET', '/admin/organisations/abc')).toMatchObject({ params: { uuid: 'abc' } });
    expect(matchCall('GET', '/admin/organisations/id/7')).toMatchObject({ params: { id: '7' } });
    expect(matchCall('DELETE', '/admin/organisations/7')).toBeUndefined();
  });

  it('when only the first role counts, then a non-admin first role gets no admin call', () => {
    expect(canCallPath(['ROLE_CUSTOMER_NON_ADMIN', 'ROLE_ADMIN'], 'GET', '/admin/organisations')).toBe(false);
    expect(canCallPath(['ROLE_CUSTOMER_ADMIN'], 'GET', '/admin/organisations')).toBe(true);
    expect(canCallPath(['ROLE_CUSTOMER_ADMIN'], 'POST', '/admin/organisations')).toBe(false);
    expect(canCallPath(['ROLE_ADMIN'], 'POST', '/admin/organisations')).toBe(true);
    expect(canCallPath(['ROLE_CUSTOMER_NON_ADMIN'], 'GET', '/clients/summary')).toBe(true);
    expect(canCallPath([], 'GET', '/user')).toBe(false);
    expect(canCall([], matchCall('POST', '/auth/sign-in')!.call)).toBe(true);
  });

  it('lets a non-admin make no admin/* call', () => {
    for (const c of CALLS.filter((c) => c.path.startsWith('/admin/'))) {
      expect(canCall(['ROLE_CUSTOMER_NON_ADMIN'], c), `${c.method} ${c.path}`).toBe(false);
    }
  });
});
