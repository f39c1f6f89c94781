import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { invalidArgument } from '@gains/errors';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The file path a URL path names; a malformed one (`/%`, `/%zz`) or one holding a NUL byte is refused. */
function webPath(pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw invalidArgument('path', 'The path is not a valid URL path: a % must start an escape such as %20');
  }
  if (decoded.includes('\0')) throw invalidArgument('path', 'The path must not contain a NUL (zero) character');
  return decoded;
}

/**
 * Serves the built web app; any other path gets index.html so the browser router decides
 * (an unknown path is sent to '/' there). Hashed assets are cached for a year.
 */
export function serveWebApp(webDir: string) {
  const root = path.resolve(webDir);
  return async (c: Context) => {
    const requested = path.resolve(root, '.' + webPath(new URL(c.req.url).pathname));
    const inside = requested.startsWith(root + path.sep);
    const file =
      inside && (await fs.stat(requested).catch(() => null))?.isFile() ? requested : path.join(root, 'index.html');
    const body = await fs.readFile(file).catch(() => null);
    if (!body) return c.text('The web app has not been built: run pnpm build:web', 503);
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    return c.body(body, 200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  };
}
