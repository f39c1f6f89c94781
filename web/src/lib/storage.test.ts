import { describe, expect, it, vi } from 'vitest';
import { storage } from './storage';

describe('browser storage', () => {
  it('when a value is stored, then it is read back as it was, and removed', () => {
    storage.set('k', { page: 2, term: 'smith' });
    expect(storage.get('k')).toEqual({ page: 2, term: 'smith' });
    storage.remove('k');
    expect(storage.get('k')).toBeUndefined();
  });

  it('when what is stored is not JSON, then nothing is read', () => {
    window.localStorage.setItem('k', '{broken');
    expect(storage.get('k')).toBeUndefined();
  });

  it('when the browser refuses to store (quota, private mode), then the app carries on', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => storage.set('k', 1)).not.toThrow();
    setItem.mockRestore();
  });
});
