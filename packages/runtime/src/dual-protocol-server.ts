import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';

type Handler = (
  req: http.IncomingMessage | http2.Http2ServerRequest,
  res: http.ServerResponse | http2.Http2ServerResponse,
) => void;

const HTTP2_PREFACE = 'PRI * HTTP/2.0';

/**
 * A listening socket whose close() also ends the connections it keeps open: HTTP/2 sessions get a
 * GOAWAY (the streams under way finish) and idle HTTP/1.1 keep-alive connections are closed.
 * Without this, close() would wait for every peer's long-lived HTTP/2 session, including a
 * service's own client of itself, and never call back.
 */
class DualProtocolServer extends net.Server {
  private readonly sessions = new Set<http2.ServerHttp2Session>();

  constructor(
    listener: (socket: net.Socket) => void,
    private readonly h2: http2.Http2Server,
    private readonly h1: http.Server,
  ) {
    super(listener);
    h2.on('session', (session) => {
      this.sessions.add(session);
      session.once('close', () => this.sessions.delete(session));
    });
  }

  override close(callback?: (error?: Error) => void): this {
    super.close(callback);
    for (const session of this.sessions) session.close();
    this.h1.closeIdleConnections();
    return this;
  }
}

/**
 * One cleartext port that speaks HTTP/2 (Connect and gRPC between services) and HTTP/1.1 (the
 * kubelet's probes, curl). Node's h2c server refuses HTTP/1.1, so we look at the first bytes of
 * each connection and hand it to the server that speaks its protocol.
 */
export function createDualProtocolServer(handler: Handler): net.Server {
  const h2 = http2.createServer({}, handler as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
  const h1 = http.createServer(handler as (req: http.IncomingMessage, res: http.ServerResponse) => void);
  return new DualProtocolServer(
    (socket) => {
      socket.once('readable', () => {
        const head: Buffer | null = socket.read(HTTP2_PREFACE.length) ?? socket.read();
        if (!head) return socket.destroy();
        socket.unshift(head);
        (head.toString('latin1').startsWith(HTTP2_PREFACE) ? h2 : h1).emit('connection', socket);
      });
    },
    h2,
    h1,
  );
}
