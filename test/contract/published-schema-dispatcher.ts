import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { publishedSchemaViolations, PublishedSchemaError } from './published-schema.js';

/**
 * An undici dispatcher that holds each JSON answer until it has arrived whole, checks it against the
 * published schema of its route, and fails the call with a PublishedSchemaError when it breaks it.
 * Handed to the client, it covers every call the contract suite makes through it.
 */
export function publishedSchemaDispatcher(): Dispatcher {
  return new Agent().compose((dispatch) => (options, handler) => dispatch(options, new CheckingHandler(options, handler)));
}

class CheckingHandler implements Dispatcher.DispatchHandler {
  private start: { statusCode: number; headers: IncomingHttpHeaders; statusMessage: string | undefined } | undefined;
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly options: Dispatcher.DispatchOptions,
    private readonly handler: Dispatcher.DispatchHandler,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.handler.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, socket: Duplex): void {
    this.handler.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, statusMessage?: string): void {
    // Only JSON answers are held; bytes (sample downloads) pass as they come.
    if (String(headers['content-type'] ?? '').startsWith('application/json')) this.start = { statusCode, headers, statusMessage };
    else this.handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.start) this.chunks.push(chunk);
    else this.handler.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    const { start } = this;
    if (start) {
      const body = Buffer.concat(this.chunks);
      const answer = { method: this.options.method, path: new URL(this.options.path, 'http://engine').pathname, status: start.statusCode, body: JSON.parse(body.toString('utf8')) as unknown };
      const violations = publishedSchemaViolations(answer);
      if (violations.length > 0) return this.handler.onResponseError?.(controller, new PublishedSchemaError(answer, violations));
      this.handler.onResponseStart?.(controller, start.statusCode, start.headers, start.statusMessage);
      this.handler.onResponseData?.(controller, body);
    }
    this.handler.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.handler.onResponseError?.(controller, error);
  }
}
