import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { BffEnv } from '../deps';

/**
 * The web app's Content-Security-Policy: its own scripts only (the build inlines none), styles inline as well
 * because AntD writes its CSS-in-JS into style elements, calls to this origin only, and never in a frame.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

// Made once: building it works out the header values, which per request is wasted work.
const fixedHeaders = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  strictTransportSecurity: false,
});

/**
 * Headers on every answer: the CSP, no sniffing, no framing, no referrer; HSTS only when the request came over
 * TLS (directly, or as a trusted proxy says), since a browser must not pin plain-HTTP development to HTTPS.
 */
export const securityHeaders = createMiddleware<BffEnv>(async (c, next) => {
  await fixedHeaders(c, async () => {
    await next();
    if (overTls(c)) c.header('Strict-Transport-Security', HSTS);
  });
});

function overTls(c: { req: { url: string; header(name: string): string | undefined }; var: BffEnv['Variables'] }) {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const hops = c.var.deps?.trustedProxyHops ?? 0;
  if (hops === 0) return false;
  const forwarded = (c.req.header('x-forwarded-proto') ?? '').split(',').map((p) => p.trim());
  return forwarded[forwarded.length - hops] === 'https';
}

/** Answers of the API carry tokens or a firm's data: no browser or proxy may keep them. */
export const noStore = createMiddleware<BffEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});
