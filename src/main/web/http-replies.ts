import type { IncomingMessage, ServerResponse } from 'node:http';
import { BINARY_WIRE_TYPE, encodeBinaryWire } from '../../shared/ipc/binary-wire.js';
import { encodeWireJson, holdsBytes } from '../../shared/ipc/json-wire.js';
import type { IpcError } from '../../shared/ipc/ipc-error.js';
import { IPC_ERROR_CODES } from '../../shared/ipc/ipc-failure.js';
import type { IpcResponse } from '../../shared/ipc/ipc-response.js';

export function replyJson(response: ServerResponse, status: number, body: IpcResponse): void {
  const text = encodeWireJson(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** An answer in the binary frame when the page asked for it and it holds bytes (a page picture, an original), else as JSON. */
export function replyAnswer(request: IncomingMessage, response: ServerResponse, body: IpcResponse): void {
  if (!(request.headers.accept ?? '').includes(BINARY_WIRE_TYPE) || !holdsBytes(body)) return replyJson(response, 200, body);
  const frame = encodeBinaryWire(body);
  response.writeHead(200, { 'content-type': BINARY_WIRE_TYPE, 'cache-control': 'no-store', 'content-length': frame.length });
  response.end(frame);
}

export function replyError(response: ServerResponse, status: number, error: IpcError): void {
  replyJson(response, status, { ok: false, error });
}

export function forbidden(reason: string): IpcError {
  return { code: IPC_ERROR_CODES.forbidden, message: reason, retryable: false };
}

export class BodyTooLarge extends Error {}

/** The whole body as text, refusing more than maxBytes. */
export async function readText(request: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLarge(`the request body is over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
