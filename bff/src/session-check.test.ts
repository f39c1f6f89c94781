import { describe, expect, it } from 'vitest';
import type { Caller } from '@gains/auth';
import { createSessionCheck, SESSION_CHECK_TTL_MS } from './session-check';

const caller = { sessionId: 's1' } as Caller;

describe('session check', () => {
  it('when a session was confirmed open, then identity is not asked again until the TTL passes', async () => {
    let now = 0;
    let asked = 0;
    const check = createSessionCheck(
      async () => (asked++, true),
      () => now,
    );
    expect(await check.isOpen(caller)).toBe(true);
    expect(await check.isOpen(caller)).toBe(true);
    expect(asked).toBe(1);
    now = SESSION_CHECK_TTL_MS + 1;
    await check.isOpen(caller);
    expect(asked).toBe(2);
  });

  it('when a session is forgotten (signed out here) or closed, then identity is asked every time', async () => {
    let open = true;
    let asked = 0;
    const check = createSessionCheck(async () => (asked++, open));
    await check.isOpen(caller);
    check.forget('s1');
    open = false;
    expect(await check.isOpen(caller)).toBe(false);
    expect(await check.isOpen(caller)).toBe(false);
    expect(asked).toBe(3);
  });
});
