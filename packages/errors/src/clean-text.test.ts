import { describe, expect, it } from 'vitest';
import { assertCleanText, uncleanTextAt } from './clean-text';
import { DomainError } from './domain-error';

describe('clean text', () => {
  it('when text is clean, then nothing is found, whatever the nesting', () => {
    expect(uncleanTextAt({ a: 'x', b: [1, 'y', { c: '😀' }], d: null, e: new Uint8Array([0]) })).toBeUndefined();
  });

  it('when a NUL byte or half a character is anywhere, then its dotted path is named', () => {
    expect(uncleanTextAt({ customer: { notes: 'a\u0000b' } })).toEqual({ path: 'customer.notes', problem: 'NUL' });
    expect(uncleanTextAt({ organisationUuids: ['x', '\u0000'] })?.path).toBe('organisationUuids.1');
    expect(uncleanTextAt({ name: 'a\ud800' })).toEqual({ path: 'name', problem: 'LONE_SURROGATE' });
    expect(uncleanTextAt({ name: '\udc00' })?.problem).toBe('LONE_SURROGATE');
    expect(uncleanTextAt({ overrides: { 'a\u0000': '1' } })?.path).toBe('overrides');
    expect(uncleanTextAt('\u0000')?.path).toBe('value');
  });

  it("when a proto oneof holds it, then the oneof's case names it", () => {
    const message = { $typeName: 'x.Get', key: { case: 'uuid', value: '\u0000' } };
    expect(uncleanTextAt(message)?.path).toBe('key.uuid');
  });

  it('when asserted, then an INVALID_ARGUMENT names the field and the rule', () => {
    expect(() => assertCleanText({ term: '\u0000' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        field: 'term',
        message: 'term must not contain a NUL (zero) character',
      }),
    );
    expect(() => assertCleanText({ term: 'ok' })).not.toThrow(DomainError);
  });
});
