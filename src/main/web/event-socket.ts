import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { encodeWireJson } from '../../shared/ipc/json-wire.js';
import type { EventMessage } from '../../shared/ipc/event-contract.js';

/** Pushed events over one WebSocket per page; sockets only send, anything received is ignored. */
export class EventSockets {
  readonly #server = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  readonly #sockets = new Set<WebSocket>();

  accept(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#server.handleUpgrade(request, socket, head, (ws) => {
      this.#sockets.add(ws);
      ws.on('close', () => this.#sockets.delete(ws));
      ws.on('error', () => ws.terminate());
    });
  }

  broadcast(message: EventMessage): void {
    const text = encodeWireJson(message);
    for (const ws of this.#sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  }

  close(): void {
    for (const ws of this.#sockets) ws.terminate();
    this.#server.close();
  }
}
