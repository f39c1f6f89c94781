import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiDownload, ApiError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiDownload', () => {
  it('when the API answers a file, then its bytes come with the name Content-Disposition gives', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="BRK00002-trade-list-2026-11-27.pdf"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const file = await apiDownload('/taximiser/trade-list.pdf', {
      method: 'POST',
      organisationUuid: 'org-1',
      body: { clientUuid: 'c' },
      fallbackName: 'trade-list.pdf',
    });
    expect(file.fileName).toBe('BRK00002-trade-list-2026-11-27.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/taximiser/trade-list.pdf');
    expect(init.headers).toMatchObject({ 'X-Organisation-Uuid': 'org-1', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"clientUuid":"c"}');
  });

  it('when no name is given, then the fallback; when refused, then the server’s error body is the ApiError', async () => {
    vi.stubGlobal('fetch', async () => new Response('x'));
    expect((await apiDownload('/x', { fallbackName: 'file.pdf' })).fileName).toBe('file.pdf');
    const refusal = { type_description: 'percent must be text', timestamp: 't', id: 'e-1', field: 'percent' };
    vi.stubGlobal('fetch', async () => Response.json(refusal, { status: 400 }));
    const error = await apiDownload('/x', { fallbackName: 'file.pdf' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, typeDescription: 'percent must be text', field: 'percent' });
  });
});
