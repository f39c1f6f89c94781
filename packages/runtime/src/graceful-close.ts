import type http from 'node:http';
import net from 'node:net';
import type http2 from 'node:http2';

/** How long requests in flight may take to finish once a stop begins; past it connections are cut. */
export const DRAIN_TIMEOUT_MS = 20_000;

export interface Drain {
  /**
   * Stops accepting, answers the requests in flight, then ends every connection (cut only past the timeout).
   * Resolves when every connection has ended, so the database may close after it.
   */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * Makes an HTTP/1.1 server stoppable the way a rolling deploy needs; call it as the server is made, so it sees
 * every connection. Node's own close() and closeIdleConnections() destroy a connection as soon as its answer
 * has been ended, even while a large answer is still being written out, so this tracks which connections are
 * busy and ends (never destroys) each one once its answer is written.
 */
export function drainable(server: http.Server): Drain {
  const busy = new Map<net.Socket, boolean>();
  let draining = false;
  server.on('connection', (socket: net.Socket) => {
    busy.set(socket, false);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, true);
    if (draining) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      if (!busy.has(socket)) return;
      busy.set(socket, false);
      if (draining) socket.end();
    });
  });
  return {
    close(timeoutMs = DRAIN_TIMEOUT_MS) {
      draining = true;
      // net's close stops listening only; http's would also cut answers still being written
      if (server.listening) net.Server.prototype.close.call(server);
      return new Promise((resolve) => {
        const cut = setTimeout(() => busy.forEach((_, socket) => socket.destroy()), timeoutMs);
        const check = () => {
          if (busy.size > 0) return;
          clearTimeout(cut);
          resolve();
        };
        for (const [socket, working] of busy) {
          socket.once('close', () => setImmediate(check));
          if (!working) socket.end();
        }
        check();
      });
    },
  };
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
