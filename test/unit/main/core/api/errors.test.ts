import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  customIssue,
  formatPath,
  transportError,
  type CallContext,
} from '../../../../../src/main/core/api/errors.js';

const read: CallContext = { route: 'GET /file/fetch', retryClass: 'idempotent' };
const create: CallContext = { route: 'POST /file/upload', retryClass: 'reconcile' };

describe('error kinds', () => {
  it('all reduce to plain {code, message, retryable} for IPC', () => {
    const errors = [
      new ApiError({ code: 900, msg: 'busy', httpStatus: 200 }, read),
      new ConnectionError(new Error('boom'), read, true),
      new TimeoutError('headers', 10, read),
      new ResponseValidationError([customIssue(['result'], 'bad')], 200, read),
      new RequestValidationError([customIssue(['body', 'name'], 'too long')], read),
      new AbortError(read, false),
    ];
    expect(errors.map((error) => error.toPlain())).toEqual([
      { code: 900, message: 'GET /file/fetch: code 900: busy (HTTP 200)', retryable: true },
      { code: 'CONNECTION_FAILED', message: 'GET /file/fetch: connection failed (boom)', retryable: true },
      { code: 'TIMEOUT', message: 'GET /file/fetch: timed out waiting for the response headers within 10 ms', retryable: true },
      { code: 'RESPONSE_INVALID', message: 'GET /file/fetch: unexpected response: result: bad', retryable: false },
      { code: 'REQUEST_INVALID', message: 'GET /file/fetch: invalid request: body.name: too long', retryable: false },
      { code: 'ABORTED', message: 'GET /file/fetch: aborted', retryable: false },
    ]);
    expect(errors.map((error) => error.name)).toEqual([
      'ApiError', 'ConnectionError', 'TimeoutError', 'ResponseValidationError', 'RequestValidationError', 'AbortError',
    ]);
  });

  it('makes a transient failure of a reconcile route not retryable once it may have reached the server', () => {
    expect(new ConnectionError(new Error('reset'), create, true)).toMatchObject({ retryable: false, outcomeUnknown: true });
    expect(new ConnectionError(new Error('refused'), create, false)).toMatchObject({ retryable: true, outcomeUnknown: false });
    expect(new ConnectionError(new Error('reset'), read, true)).toMatchObject({ retryable: true, outcomeUnknown: true });
  });

  it('says the outcome is unknown only where that matters: a reconcile route that may have reached the server', () => {
    expect(new TimeoutError('headers', 10, create).message).toMatch(/outcome is unknown/);
    expect(new TimeoutError('connect', undefined, create).message).not.toMatch(/outcome is unknown/);
    expect(new TimeoutError('headers', 10, read).message).not.toMatch(/outcome is unknown/);
  });

  it('counts a 502 or 504 from a gateway as an unknown outcome, other statuses as known', () => {
    expect(new ApiError({ code: 504, msg: '', httpStatus: 504 }, create)).toMatchObject({ outcomeUnknown: true, retryable: false });
    expect(new ApiError({ code: 502, msg: '', httpStatus: 502 }, create)).toMatchObject({ outcomeUnknown: true });
    expect(new ApiError({ code: 503, msg: '', httpStatus: 503 }, create)).toMatchObject({ outcomeUnknown: false, retryable: true });
  });
});

describe('transportError', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });

  it('maps undici timeouts to TimeoutError phases', () => {
    expect(transportError(withCode('UND_ERR_CONNECT_TIMEOUT'), create, 5)).toMatchObject({ phase: 'connect', outcomeUnknown: false });
    expect(transportError(withCode('UND_ERR_HEADERS_TIMEOUT'), create, 5)).toMatchObject({ phase: 'headers', timeoutMs: 5, outcomeUnknown: true });
    expect(transportError(withCode('UND_ERR_BODY_TIMEOUT'), create, 5)).toMatchObject({ phase: 'body', outcomeUnknown: true });
  });

  it('treats refused and unresolved connections as never sent, resets as maybe sent', () => {
    expect(transportError(withCode('ECONNREFUSED'), create, 5)).toMatchObject({ outcomeUnknown: false });
    expect(transportError(withCode('ENOTFOUND'), create, 5)).toMatchObject({ outcomeUnknown: false });
    expect(transportError(withCode('ECONNRESET'), create, 5)).toMatchObject({ outcomeUnknown: true });
    expect(transportError(withCode('UND_ERR_SOCKET'), create, 5)).toMatchObject({ outcomeUnknown: true });
  });

  it('finds the code inside an AggregateError from happy-eyeballs connects', () => {
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'all failed');
    expect(transportError(aggregate, create, 5)).toMatchObject({ outcomeUnknown: false });
  });
});

describe('formatPath', () => {
  it('writes member paths as in code', () => {
    expect(formatPath(['body', 'fields', 0, 'name'])).toBe('body.fields[0].name');
    expect(formatPath([])).toBe('(root)');
  });
});
