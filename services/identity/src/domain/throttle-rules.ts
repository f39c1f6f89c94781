/** Failed attempts (passwords and codes) are throttled per account and per network address. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_LOCK_MS = 15 * 60 * 1000;
/** Failures within the window that lock a key. An address is shared by many people (offices), so it gets more. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export interface ThrottleState {
  key: string;
  failures: number;
  windowStartAt: Date;
  lockedUntil: Date | null;
}

export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

export function addressKey(address: string): string | undefined {
  return address ? `address:${address}` : undefined;
}

function limitOf(key: string): number {
  return key.startsWith('address:') ? ADDRESS_FAILURE_LIMIT : ACCOUNT_FAILURE_LIMIT;
}

/** The state after one more failure at `now`: a new window when the old one ended; locked at the limit. */
export function afterFailure(key: string, previous: ThrottleState | undefined, now: Date): ThrottleState {
  const fresh = !previous || now.getTime() - previous.windowStartAt.getTime() >= THROTTLE_WINDOW_MS;
  const failures = fresh ? 1 : previous.failures + 1;
  const windowStartAt = fresh ? now : previous.windowStartAt;
  const stillLocked = previous?.lockedUntil && previous.lockedUntil > now ? previous.lockedUntil : null;
  const lockedUntil = failures >= limitOf(key) ? new Date(now.getTime() + THROTTLE_LOCK_MS) : stillLocked;
  return { key, failures, windowStartAt, lockedUntil };
}

/** When the latest lock among the states ends, if any is locked now. */
export function lockedUntil(states: ThrottleState[], now: Date): Date | undefined {
  const ends = states.map((s) => s.lockedUntil).filter((d): d is Date => !!d && d > now);
  if (ends.length === 0) return undefined;
  return new Date(Math.max(...ends.map((d) => d.getTime())));
}

/** 'Too many attempts. Try again after 14:35 (in 15 minutes).' in UK time. */
export function retryMessage(until: Date, now: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
  }).format(until);
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many attempts. Try again after ${time} (in ${minutes} minute${minutes === 1 ? '' : 's'}).`;
}
