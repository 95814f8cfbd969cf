import { z } from 'zod';
import { INVOKE_CONTRACT, isInvokeChannel, type HandlerResult, type InvokeChannel, type ParsedArgs } from './invoke-contract.js';
import { EVENT_CONTRACT, type EventInput, type EventMessage, type EventName } from './event-contract.js';
import { IpcError, describeIssues } from './ipc-error.js';
import { IPC_ERROR_CODES, IpcFailure } from './ipc-failure.js';
import type { IpcResponse } from './ipc-response.js';

export type InvokeHandler<C extends InvokeChannel> = (args: ParsedArgs<C>) => Promise<HandlerResult<C>> | HandlerResult<C>;

/** The core's answers by channel. A channel left out answers NOT_AVAILABLE: never a stub. */
export type InvokeHandlers = { [C in InvokeChannel]?: InvokeHandler<C> };

export interface Dispatcher {
  /** Validates the arguments, calls the handler, validates its result; never throws. */
  invoke(channel: string, args: unknown): Promise<IpcResponse>;
  readonly bound: readonly InvokeChannel[];
}

export interface DispatcherOptions {
  /** Failures the renderer only sees as a code: bugs and unexpected errors, for the log. */
  onInternalError?: (channel: string, error: unknown) => void;
}

export function createDispatcher(handlers: InvokeHandlers, options: DispatcherOptions = {}): Dispatcher {
  const bound = (Object.keys(handlers) as InvokeChannel[]).filter((name) => handlers[name] !== undefined);
  return {
    bound,
    async invoke(channel, args) {
      if (!isInvokeChannel(channel)) {
        return failure({ code: IPC_ERROR_CODES.unknownChannel, message: `no such call: ${channel}`, retryable: false });
      }
      const handler = handlers[channel] as ((args: unknown) => unknown) | undefined;
      if (handler === undefined) {
        return failure({ code: IPC_ERROR_CODES.notAvailable, message: `${channel} is not available in this version`, retryable: false });
      }
      const spec = INVOKE_CONTRACT[channel];
      const parsedArgs = spec.args.safeParse(args ?? {});
      if (!parsedArgs.success) {
        return failure({ code: IPC_ERROR_CODES.invalidArguments, message: describeIssues(parsedArgs.error.issues, 'args'), retryable: false });
      }
      let value: unknown;
      try {
        value = await handler(parsedArgs.data);
      } catch (error) {
        const plain = toIpcError(error);
        if (plain.code === IPC_ERROR_CODES.internal) options.onInternalError?.(channel, error);
        return failure(plain);
      }
      const result = spec.result.safeParse(value);
      if (!result.success) {
        options.onInternalError?.(channel, result.error);
        return failure({ code: IPC_ERROR_CODES.internal, message: `${channel} produced an invalid result`, retryable: false });
      }
      return { ok: true, value: result.data };
    },
  };
}

function failure(error: IpcError): IpcResponse {
  return { ok: false, error };
}

/** Any thrown value as plain data: the client's errors and IpcFailure keep their code. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof IpcFailure) return error.toPlain();
  if (error instanceof z.ZodError) {
    return { code: IPC_ERROR_CODES.invalidArguments, message: describeIssues(error.issues, 'input'), retryable: false };
  }
  const plain = hasToPlain(error) ? IpcError.safeParse(error.toPlain()) : undefined;
  if (plain?.success) return plain.data;
  const systemCode = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  if (typeof systemCode === 'string' && /^E[A-Z]+$/.test(systemCode)) {
    // Node system errors (ENOENT, EACCES...): the message names the path at fault.
    return { code: systemCode, message: (error as Error).message, retryable: false };
  }
  return { code: IPC_ERROR_CODES.internal, message: error instanceof Error ? error.message : String(error), retryable: false };
}

function hasToPlain(error: unknown): error is { toPlain(): unknown } {
  return typeof error === 'object' && error !== null && typeof (error as { toPlain?: unknown }).toPlain === 'function';
}

/** An event as it may leave the core: validated against the contract, or an error naming the fault. */
export function eventMessage<E extends EventName>(event: E, payload: EventInput<E>): EventMessage {
  const parsed = EVENT_CONTRACT[event].safeParse(payload);
  if (!parsed.success) throw new Error(`event ${event}: ${describeIssues(parsed.error.issues, 'payload')}`);
  return { event, payload: parsed.data };
}
