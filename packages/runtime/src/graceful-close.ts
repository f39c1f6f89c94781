import type http from 'node:http';
import type http2 from 'node:http2';

/** How long requests in flight may take to finish once a stop begins; past it connections are cut. */
export const DRAIN_TIMEOUT_MS = 20_000;

/**
 * Stops an HTTP server the way a rolling deploy needs: no new connections, requests in flight answered,
 * idle keep-alive connections closed as they become idle, and only past the timeout are the rest cut.
 * Resolves when every connection has ended, so the database may close after it.
 */
export function closeGracefully(server: http.Server, timeoutMs = DRAIN_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** The same for HTTP/2 sessions: GOAWAY lets the peer's open streams finish and stops new ones. */
export function closeSessionsGracefully(
  sessions: Iterable<http2.Http2Session>,
  timeoutMs = DRAIN_TIMEOUT_MS,
): Promise<void> {
  const all = [...sessions].filter((s) => !s.closed && !s.destroyed);
  return Promise.all(
    all.map(
      (session) =>
        new Promise<void>((resolve) => {
          const cut = setTimeout(() => session.destroy(), timeoutMs);
          session.close(() => {
            clearTimeout(cut);
            resolve();
          });
        }),
    ),
  ).then(() => undefined);
}
