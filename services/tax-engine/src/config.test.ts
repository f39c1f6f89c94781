import { describe, expect, it } from 'vitest';
import { taxEngineConfig } from './config';

describe('the tax engine’s settings', () => {
  it('when nothing is set, then the queue, the caps and the time limit have their defaults', () => {
    expect(taxEngineConfig({})).toMatchObject({
      maxQueued: 64,
      maxPerOrganisation: 16,
      maxPerUser: 4,
      timeoutMs: 60_000,
    });
    expect(taxEngineConfig({}).workers).toBeGreaterThanOrEqual(1);
  });

  it('when the caps are set, then they are read as numbers', () => {
    const config = taxEngineConfig({
      GAINS_TAX_ENGINE_WORKERS: '2',
      GAINS_TAX_ENGINE_MAX_PER_ORGANISATION: '5',
      GAINS_TAX_ENGINE_MAX_PER_USER: '2',
    });
    expect(config).toMatchObject({ workers: 2, maxPerOrganisation: 5, maxPerUser: 2 });
  });

  it('when a setting is not a whole number above nought, then the service refuses to start naming it', () => {
    expect(() => taxEngineConfig({ GAINS_TAX_ENGINE_MAX_PER_USER: 'four' })).toThrow(
      /GAINS_TAX_ENGINE_MAX_PER_USER: the per-user cap must be a number/,
    );
    expect(() => taxEngineConfig({ GAINS_TAX_ENGINE_TIMEOUT_MS: '0' })).toThrow(/GAINS_TAX_ENGINE_TIMEOUT_MS/);
  });
});
