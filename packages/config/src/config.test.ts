import { describe, expect, it } from 'vitest';
import { loadConfig, z } from './index';

describe('configuration at start', () => {
  it('when a variable is set but empty, then it counts as not set and its default applies', () => {
    const config = loadConfig(
      { SMTP_URL: z.string().url().optional(), PORT: z.coerce.number().default(7101) },
      { SMTP_URL: '', PORT: '' },
    );
    expect(config).toEqual({ PORT: 7101 });
  });

  it('when a setting is malformed, then start stops with a message naming it', () => {
    expect(() => loadConfig({ PORT: z.coerce.number().int() }, { PORT: 'eighty' })).toThrow(
      /Invalid configuration: PORT/,
    );
  });
});
