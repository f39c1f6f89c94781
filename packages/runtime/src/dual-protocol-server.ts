import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { closeSessionsGracefully, drainable, DRAIN_TIMEOUT_MS } from './graceful-close';

type Handler = (
  req: http.IncomingMessage | http2.Http2ServerRequest,
  res: http.ServerResponse | http2.Http2ServerResponse,
) => void;

const HTTP2_PREFACE = 'PRI * HTTP/2.0';

export interface DualProtocolServer {
  listen(port: number, host: string): Promise<void>;
  /** Stops accepting, lets calls in flight finish (up to the drain timeout), then ends every connection. */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * One cleartext port that speaks HTTP/2 (Connect and gRPC between services) and HTTP/1.1 (the
 * kubelet's probes, curl). Node's h2c server refuses HTTP/1.1, so we look at the first bytes of
 * each connection and hand it to the server that speaks its protocol.
 */
export function createDualProtocolServer(handler: Handler): DualProtocolServer {
  const h2 = http2.createServer({}, handler as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
  const h1 = http.createServer(handler as (req: http.IncomingMessage, res: http.ServerResponse) => void);
  const h1Drain = drainable(h1);
  const sessions = new Set<http2.Http2Session>();
  h2.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const server = net.createServer((socket) => {
    socket.once('readable', () => {
      const head: Buffer | null = socket.read(HTTP2_PREFACE.length) ?? socket.read();
      if (!head) return socket.destroy();
      socket.unshift(head);
      (head.toString('latin1').startsWith(HTTP2_PREFACE) ? h2 : h1).emit('connection', socket);
    });
  });
  return {
    listen: (port, host) => new Promise((resolve) => server.listen(port, host, resolve)),
    async close(timeoutMs = DRAIN_TIMEOUT_MS) {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([closeSessionsGracefully(sessions, timeoutMs), h1Drain.close(timeoutMs)]);
      await stopped;
    },
  };
}
