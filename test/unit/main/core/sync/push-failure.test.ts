import { describe, expect, it } from 'vitest';
import { AbortError, ApiError, ConnectionError, RequestValidationError, ResponseValidationError, TimeoutError } from '../../../../../src/main/core/api/index.js';
import { classifyFailure } from '../../../../../src/main/core/sync/push-failure.js';

const update = { route: 'POST /file/update', retryClass: 'idempotent' } as const;
const create = { route: 'POST /category/create', retryClass: 'reconcile' } as const;
const api = (httpStatus: number, code = httpStatus, context: typeof update | typeof create = update) => new ApiError({ code, msg: `failed ${code}`, httpStatus }, context);

describe('a failed push', () => {
  it('waits and retries what may pass later, noting whether the request may have taken effect', () => {
    expect(classifyFailure(api(503))).toMatchObject({ type: 'retry', sent: false, connection: false });
    expect(classifyFailure(api(200, 900))).toMatchObject({ type: 'retry', sent: false });
    expect(classifyFailure(new ConnectionError(new Error('refused'), update, false))).toMatchObject({ type: 'retry', sent: false, connection: true });
    expect(classifyFailure(new ConnectionError(new Error('reset'), create, true))).toMatchObject({ type: 'retry', sent: true, connection: true });
    expect(classifyFailure(new TimeoutError('headers', 5_000, update))).toMatchObject({ type: 'retry', sent: true, connection: true });
    expect(classifyFailure(api(504, 504, create))).toMatchObject({ type: 'retry', sent: true });
    expect(classifyFailure(new ResponseValidationError([], 200, create))).toMatchObject({ type: 'retry', sent: true });
  });

  it('defers what the server is busy with, and stops the drain on refused credentials', () => {
    expect(classifyFailure(api(409, 40900))).toMatchObject({ type: 'defer' });
    expect(classifyFailure(api(401, 40102))).toMatchObject({ type: 'halt' });
  });

  it('gives up on what can never pass, with the server words for the clerk', () => {
    expect(classifyFailure(api(400, 40004))).toMatchObject({ type: 'permanent', reason: 'The server refused the change: failed 40004' });
    expect(classifyFailure(new RequestValidationError([{ code: 'custom', path: ['body'], message: 'bad' }], update))).toMatchObject({ type: 'permanent' });
    expect(classifyFailure(new Error('sample file missing'))).toMatchObject({ type: 'permanent', error: { code: 'LOCAL_FAILURE' } });
  });

  it('counts nothing for a push stopped by pause or shutdown', () => {
    expect(classifyFailure(new AbortError(update, true))).toEqual({ type: 'aborted', sent: true });
  });
});
