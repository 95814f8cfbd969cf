import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { EngineError } from './engine-error.js';
import { sendError } from './router.js';

/**
 * A listener for what the engine serves beside the API (page images, detail pages): a request body is
 * never read; an EngineError is answered as the API answers one, anything else is logged under a
 * trace id and answered as an internal error. `what` names the route in the log ("page image").
 */
export function sideListener(what: string, log: (line: string) => void, answer: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): RequestListener {
  return (req, res) => {
    const traceId = randomUUID();
    req.resume();
    const fail = (error: unknown) => {
      if (!(error instanceof EngineError)) log(`${what} failed (trace ${traceId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(res, error instanceof EngineError ? error : new EngineError('internal', `internal error; trace id ${traceId}`), traceId);
    };
    try {
      void Promise.resolve(answer(req, res)).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}
