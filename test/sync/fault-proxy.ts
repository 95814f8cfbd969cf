import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { API_PREFIX } from '../../src/shared/api/index.js';

/**
 * What the proxy does to one request. drop: the connection is closed before anything is
 * forwarded. reset: the same with a TCP RST. status: answered by the proxy with that HTTP status
 * (5xx), never forwarded. delay: forwarded after a wait. lose-response: forwarded, applied by the
 * server, then the connection is reset instead of answering.
 */
export type Fault =
  | { kind: 'pass' }
  | { kind: 'drop' }
  | { kind: 'reset' }
  | { kind: 'status'; status: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'lose-response' };

export interface ProxiedRequest {
  method: string;
  /** The route path, without the API prefix: /file/update. */
  route: string;
  query: URLSearchParams;
  body: Buffer;
}

export interface ProxyLogEntry extends ProxiedRequest {
  fault: Fault['kind'];
  /** Set when the request reached the server: its HTTP status and envelope code. */
  upstreamStatus?: number;
  upstreamCode?: number;
}

export type FaultPlan = (request: ProxiedRequest) => Fault;

const PASS: FaultPlan = () => ({ kind: 'pass' });

/** An HTTP proxy in front of the real engine that injects network faults, and logs what reached the server. */
export class FaultProxy {
  readonly log: ProxyLogEntry[] = [];
  private plan: FaultPlan = PASS;
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  private constructor(
    private readonly upstream: URL,
    private readonly rewriteLinks: boolean,
  ) {
    this.server = this.createServer();
  }

  /**
   * rewriteLinks: links to the server's own origin in answers (page image URLs) are rewritten to
   * the proxy's, so that downloading them goes through the proxy and its plan too.
   */
  static async start(upstreamOrigin: string, options: { rewriteLinks?: boolean } = {}): Promise<FaultProxy> {
    const proxy = new FaultProxy(new URL(upstreamOrigin), options.rewriteLinks ?? false);
    await proxy.listen();
    return proxy;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  setPlan(plan: FaultPlan): void {
    this.plan = plan;
  }

  /** Down: nothing listens on the port (connections are refused), open connections are cut. Up: listens again on the same port. */
  async setDown(down: boolean): Promise<void> {
    if (down) {
      await new Promise<void>((resolve) => {
        this.server.close(() => resolve());
        for (const socket of this.sockets) socket.destroy();
      });
      this.server = this.createServer();
    } else {
      await this.listen();
    }
  }

  /** Requests the server applied (it answered 200 with envelope code 200), for one route. */
  applied(route: string): ProxyLogEntry[] {
    return this.log.filter((e) => e.route === route && e.upstreamStatus === 200 && e.upstreamCode === 200);
  }

  async close(): Promise<void> {
    await this.setDown(true);
  }

  private createServer(): Server {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.origin);
    const proxied: ProxiedRequest = { method: req.method ?? 'GET', route: url.pathname.replace(API_PREFIX, ''), query: url.searchParams, body: Buffer.concat(chunks) };
    const fault = this.plan(proxied);
    const entry: ProxyLogEntry = { ...proxied, fault: fault.kind };
    this.log.push(entry);
    switch (fault.kind) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'status':
        res.writeHead(fault.status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: fault.status, msg: 'injected by the fault proxy' }));
        return;
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        break;
      default:
        break;
    }
    const answer = await this.forward(req, url, proxied.body).catch(() => undefined);
    if (!answer) {
      req.socket.destroy();
      return;
    }
    entry.upstreamStatus = answer.status;
    entry.upstreamCode = envelopeCode(answer.body);
    if (fault.kind === 'lose-response') {
      req.socket.resetAndDestroy();
      return;
    }
    const body = this.rewriteLinks && isJson(answer.headers) ? Buffer.from(answer.body.toString('utf8').replaceAll(this.upstream.origin, this.origin)) : answer.body;
    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) }).end(body);
  }

  private forward(req: IncomingMessage, url: URL, body: Buffer): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: this.upstream.host, 'content-length': String(body.length) };
      delete headers['transfer-encoding'];
      const upstream = request(new URL(url.pathname + url.search, this.upstream), { method: req.method, headers }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () => {
          const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...rest } = response.headers;
          resolve({ status: response.statusCode ?? 502, headers: rest as Record<string, string | string[]>, body: Buffer.concat(parts) });
        });
        response.on('error', reject);
      });
      upstream.on('error', reject);
      upstream.end(body);
    });
  }
}

function isJson(headers: Record<string, string | string[]>): boolean {
  return String(headers['content-type'] ?? '').includes('json');
}

function envelopeCode(body: Buffer): number | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { code?: unknown };
    return typeof parsed.code === 'number' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/** A seeded generator, so that a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}
