import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';

type Handler = (
  req: http.IncomingMessage | http2.Http2ServerRequest,
  res: http.ServerResponse | http2.Http2ServerResponse,
) => void;

const HTTP2_PREFACE = 'PRI * HTTP/2.0';

/**
 * One cleartext port that speaks HTTP/2 (Connect and gRPC between services) and HTTP/1.1 (the
 * kubelet's probes, curl). Node's h2c server refuses HTTP/1.1, so we look at the first bytes of
 * each connection and hand it to the server that speaks its protocol.
 */
export function createDualProtocolServer(handler: Handler): net.Server {
  const h2 = http2.createServer({}, handler as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
  const h1 = http.createServer(handler as (req: http.IncomingMessage, res: http.ServerResponse) => void);
  return net.createServer((socket) => {
    socket.once('readable', () => {
      const head: Buffer | null = socket.read(HTTP2_PREFACE.length) ?? socket.read();
      if (!head) return socket.destroy();
      socket.unshift(head);
      (head.toString('latin1').startsWith(HTTP2_PREFACE) ? h2 : h1).emit('connection', socket);
    });
  });
}
