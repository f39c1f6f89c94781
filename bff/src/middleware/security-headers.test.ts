import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { BffDeps, BffEnv } from '../deps';
import { requestIds } from './request-ids';
import { noStore, securityHeaders } from './security-headers';

function app(trustedProxyHops = 0) {
  return new Hono<BffEnv>()
    .use(async (c, next) => {
      c.set('deps', { trustedProxyHops } as BffDeps);
      await next();
    })
    .use(requestIds)
    .use(securityHeaders)
    .get('/', (c) => c.html('<!doctype html>'))
    .get('/api/x', noStore, (c) => c.json({ requestId: c.var.requestId, theirs: c.var.clientRequestId ?? null }));
}

describe('security headers', () => {
  it('when the web app is served, then it carries the CSP, nosniff, no framing and no referrer, and no HSTS over plain HTTP', async () => {
    const response = await app().request('http://127.0.0.1/');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('when the request came over TLS, directly or as a trusted proxy says, then HSTS is sent; a forged proto is ignored', async () => {
    const direct = await app().request('https://gains.example/');
    expect(direct.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const proxied = await app(1).request('http://10.0.0.5/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    const forged = await app(0).request('http://10.0.0.5/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('when an API answer is sent, then no cache may keep it', async () => {
    const response = await app().request('http://127.0.0.1/api/x');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('request ids', () => {
  it('when the client sends an X-Request-Id, then the request still gets an id of ours and theirs is only kept for the log', async () => {
    const response = await app().request('http://127.0.0.1/api/x', {
      headers: { 'x-request-id': 'chosen-by-client\u0007with a bell' },
    });
    const body = (await response.json()) as { requestId: string; theirs: string };
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.requestId).not.toContain('chosen');
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    expect(body.theirs).toBe('chosen-by-clientwithabell');
  });
});
