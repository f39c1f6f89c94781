import { describe, expect, it } from 'vitest';
import {
  accountKey,
  addressKey,
  afterFailure,
  lockedUntil,
  retryMessage,
  THROTTLE_LOCK_MS,
  THROTTLE_WINDOW_MS,
} from './throttle-rules';

const at = (iso: string) => new Date(iso);

describe('throttle rules', () => {
  it('when an account fails 5 times within 15 minutes, then it is locked for 15 minutes from the fifth', () => {
    const key = accountKey(' Someone@Gains.Example ');
    expect(key).toBe('account:someone@gains.example');
    let state = afterFailure(key, undefined, at('2026-06-01T10:00:00Z'));
    for (let i = 1; i < 4; i++) state = afterFailure(key, state, at(`2026-06-01T10:0${i}:00Z`));
    expect(state).toMatchObject({ failures: 4, lockedUntil: null });
    state = afterFailure(key, state, at('2026-06-01T10:10:00Z'));
    expect(state.lockedUntil).toEqual(new Date(at('2026-06-01T10:10:00Z').getTime() + THROTTLE_LOCK_MS));
    expect(lockedUntil([state], at('2026-06-01T10:24:59Z'))).toEqual(state.lockedUntil);
    expect(lockedUntil([state], at('2026-06-01T10:25:00Z'))).toBeUndefined();
  });

  it('when the window has passed, then counting starts again', () => {
    const key = accountKey('a@b.example');
    let state = afterFailure(key, undefined, at('2026-06-01T10:00:00Z'));
    for (let i = 0; i < 3; i++) state = afterFailure(key, state, at('2026-06-01T10:01:00Z'));
    state = afterFailure(key, state, new Date(at('2026-06-01T10:00:00Z').getTime() + THROTTLE_WINDOW_MS));
    expect(state).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it('when the key is an address, then it takes 20 failures; an empty address is not counted', () => {
    const key = addressKey('192.0.2.1')!;
    let state = afterFailure(key, undefined, at('2026-06-01T10:00:00Z'));
    for (let i = 0; i < 18; i++) state = afterFailure(key, state, at('2026-06-01T10:00:01Z'));
    expect(state).toMatchObject({ failures: 19, lockedUntil: null });
    expect(afterFailure(key, state, at('2026-06-01T10:00:02Z')).lockedUntil).not.toBeNull();
    expect(addressKey('')).toBeUndefined();
  });

  it('says when to retry in UK time', () => {
    expect(retryMessage(at('2026-06-01T10:25:00Z'), at('2026-06-01T10:10:00Z'))).toBe(
      'Too many attempts. Try again after 11:25 (in 15 minutes).',
    );
    expect(retryMessage(at('2026-12-01T10:25:00Z'), at('2026-12-01T10:24:30Z'))).toBe(
      'Too many attempts. Try again after 10:25 (in 1 minute).',
    );
  });
});
