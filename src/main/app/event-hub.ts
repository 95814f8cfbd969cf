import { eventMessage } from '../../shared/ipc/dispatcher.js';
import type { EventInput, EventMessage, EventName } from '../../shared/ipc/event-contract.js';
import type { LogSink } from '../core/log-sink.js';

/**
 * The one place pushed events leave the core: each is validated against the contract, then handed
 * to every host transport (Electron windows, web host sockets).
 */
export class EventHub {
  readonly #subscribers = new Set<(message: EventMessage) => void>();

  constructor(private readonly log: LogSink) {}

  emit<E extends EventName>(event: E, payload: EventInput<E>): void {
    let message: EventMessage;
    try {
      message = eventMessage(event, payload);
    } catch (error) {
      this.log('error', `event not sent: ${(error as Error).message}`);
      return;
    }
    for (const subscriber of [...this.#subscribers]) {
      try {
        subscriber(message);
      } catch (error) {
        this.log('error', `an event transport failed: ${(error as Error).message}`);
      }
    }
  }

  subscribe(subscriber: (message: EventMessage) => void): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }
}
