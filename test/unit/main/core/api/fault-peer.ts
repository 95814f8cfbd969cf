// A real HTTP server on 127.0.0.1 that answers each request with the next scripted reply.
// It injects transport and protocol faults; it knows nothing of the service's business logic.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Reply = (request: Received, response: ServerResponse) => void;

export interface FaultPeer {
  baseUrl: string;
  received: Received[];
  close(): Promise<void>;
}

/** Request n gets replies[n]; the last reply repeats. */
export async function startFaultPeer(replies: readonly Reply[]): Promise<FaultPeer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: new URL(req.url ?? '/', 'http://peer'), headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      replies[Math.min(received.length, replies.length) - 1]!(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return raw(status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
}

/** JSON text as given, so that a test can send literals JSON.stringify cannot (19-digit numbers). */
export function raw(status: number, text: string | Buffer, headers: Record<string, string> = {}): Reply {
  return (_request, response) => {
    response.writeHead(status, headers);
    response.end(text);
  };
}

export function ok(result: unknown): Reply {
  return json(200, { code: 200, msg: 'success', result });
}

/** TCP reset after the whole request arrived: the server may have acted. */
export const reset: Reply = (_request, response) => {
  response.socket?.resetAndDestroy();
};

/** Never answers; the client's timeout has to end the call. */
export const hang: Reply = () => undefined;
