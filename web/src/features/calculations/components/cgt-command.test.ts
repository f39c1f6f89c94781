import { describe, expect, it } from 'vitest';
import { cgtCommand, fileStem, shellWord } from './cgt-command';

describe('the pnpm cgt command of a downloaded ledger', () => {
  it('when the run had prices and arguments, then the command names both files and the arguments', () => {
    expect(
      cgtCommand('ASH00001', {
        pricesCsv: 'security,price\nVOD,1.20\n',
        cgtArgs: ['--taxpayer', 'trust', '--losses-brought-forward', '1200.00'],
      }),
    ).toBe(
      'pnpm cgt ASH00001-ledger.csv --prices ASH00001-prices.csv --taxpayer trust --losses-brought-forward 1200.00',
    );
  });

  it('when there are no prices, then no --prices is given', () => {
    expect(cgtCommand('ASH00001', { pricesCsv: '', cgtArgs: [] })).toBe('pnpm cgt ASH00001-ledger.csv');
  });

  it('when an argument holds a space or a quote, then the shell reads it as one word', () => {
    expect(shellWord('year to 2024-12-31')).toBe("'year to 2024-12-31'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord('--annual-exempt-amount=2024-25:1500.00')).toBe('--annual-exempt-amount=2024-25:1500.00');
  });

  it("when the client's label is picked, then its code names the files (never a path)", () => {
    expect(fileStem('ASH00001 The Lewis Will Trust', 'u')).toBe('ASH00001');
    expect(fileStem('../etc Evil', 'u')).toBe('_etc');
    expect(fileStem('', '0b6f2c1e-6a8e')).toBe('0b6f2c1e-6a8e');
  });
});
