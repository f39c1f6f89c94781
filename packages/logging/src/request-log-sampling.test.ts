import { describe, expect, it } from 'vitest';
import { createRequestLogSampler, requestLogSamplerFromEnv } from './request-log-sampling';

const fast = { failed: false, ms: 3 };

describe('request log sampling', () => {
  it('when requests fail or are slow, then every one is logged', () => {
    const sample = createRequestLogSampler({ everyNth: 1000, slowMs: 500 });
    expect([1, 2, 3].map(() => sample({ failed: true, ms: 1 }))).toEqual([true, true, true]);
    expect(sample({ failed: false, ms: 500 })).toBe(true);
  });

  it('when requests succeed fast, then one in N is logged', () => {
    const sample = createRequestLogSampler({ everyNth: 4, slowMs: 500 });
    const logged = Array.from({ length: 12 }, () => sample(fast)).filter(Boolean);
    expect(logged).toHaveLength(3);
  });

  it('when N is 1, then every request is logged; when 0, only failures and slow ones', () => {
    const every = createRequestLogSampler({ everyNth: 1, slowMs: 500 });
    expect([every(fast), every(fast)]).toEqual([true, true]);
    const none = createRequestLogSampler({ everyNth: 0, slowMs: 500 });
    expect([none(fast), none({ failed: true, ms: 1 })]).toEqual([false, true]);
  });

  it('when the environment sets a malformed value, then starting fails naming it', () => {
    expect(() => requestLogSamplerFromEnv({ GAINS_REQUEST_LOG_EVERY_NTH: 'ten' })).toThrow(
      'GAINS_REQUEST_LOG_EVERY_NTH',
    );
    expect(() => requestLogSamplerFromEnv({ GAINS_REQUEST_LOG_SLOW_MS: '-1' })).toThrow('GAINS_REQUEST_LOG_SLOW_MS');
  });
});
