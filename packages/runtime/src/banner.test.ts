import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';

describe('the start banner', () => {
  const banner = startBanner({ url: 'http://127.0.0.1:8080', demoPassword: 'pw-for-test' });
  const line = (email: string) => banner.split('\n').find((l) => l.includes(email)) ?? '';

  it('when Gains starts, then it says where it runs and the demo password', () => {
    expect(banner).toContain('Gains is running at http://127.0.0.1:8080');
    expect(banner).toContain('password: pw-for-test');
  });

  it('when a demo user is listed, then the line names the organisations they see, from the seeded data', () => {
    expect(line('admin@gains.example')).toMatch(/every organisation: Gains Provider \(no clients\), Ashworth/);
    expect(line('manager@gains.example')).toContain(
      'Ashworth Wealth Management (1,000 clients), Brookfield Advisory (40 clients)',
    );
    expect(line('adviser@gains.example')).not.toContain('Brookfield');
    expect(line('brook@gains.example')).toContain('Brookfield Advisory (40 clients)');
    expect(line('secure@gains.example')).toContain('Clevedon Partners (12 clients; requires MFA');
  });
});
