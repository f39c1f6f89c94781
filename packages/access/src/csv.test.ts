import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

describe('CSV writing', () => {
  it('when a CSV field holds a comma, a quote or a formula, then it is quoted or defused', () => {
    expect(csvField('Smith, J')).toBe('"Smith, J"');
    expect(csvField('say "no"')).toBe('"say ""no"""');
    expect(csvField('=HYPERLINK(1)')).toBe("'=HYPERLINK(1)");
    expect(csvField('-12.50')).toBe('-12.50');
  });

  it('writes rows as CRLF lines', () => {
    expect(
      csvText([
        ['a', 'b, c'],
        ['1', '2'],
      ]),
    ).toBe('a,"b, c"\r\n1,2\r\n');
  });
});
