import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/main/core/api/index.js';
import { createDispatcher, eventMessage, toIpcError } from '../../../../src/shared/ipc/dispatcher.js';
import { IpcFailure } from '../../../../src/shared/ipc/ipc-failure.js';

const STATUS = { state: 'ready', origin: 'http://127.0.0.1:1', restarts: 0 } as const;

describe('dispatcher', () => {
  it('parses the arguments before the handler sees them (defaults applied, unknown members refused)', async () => {
    const seen: unknown[] = [];
    const dispatcher = createDispatcher({
      'outbox.list': (args) => {
        seen.push(args);
        return { items: [] };
      },
    });
    expect(await dispatcher.invoke('outbox.list', { workspace_id: '7' })).toEqual({ ok: true, value: { items: [] } });
    expect(seen).toEqual([{ workspace_id: '7', limit: 200 }]);
    const refused = await dispatcher.invoke('outbox.list', { workspace_id: '7', limit: 100_000, sneaky: true });
    expect(refused).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENTS', message: expect.stringContaining('args.limit'), retryable: false } });
    expect(seen).toHaveLength(1);
  });

  it('answers unknown and unbound channels with plain errors, never a throw', async () => {
    const dispatcher = createDispatcher({ 'engine.status': () => STATUS });
    expect(dispatcher.bound).toEqual(['engine.status']);
    expect(await dispatcher.invoke('engine.nope', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(await dispatcher.invoke('__proto__', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(await dispatcher.invoke('sync.status', {})).toMatchObject({ ok: false, error: { code: 'NOT_AVAILABLE', retryable: false } });
  });

  it('keeps the code of the failures the core throws', async () => {
    const apiError = new ApiError({ code: 429, msg: 'slow down', httpStatus: 429 }, { route: 'GET /workspace/list', retryClass: 'idempotent' });
    const cases: [unknown, object][] = [
      [new IpcFailure({ code: 'KEYCHAIN_UNAVAILABLE', message: 'no keychain', retryable: false }), { code: 'KEYCHAIN_UNAVAILABLE', message: 'no keychain', retryable: false }],
      [apiError, { code: 429, retryable: true }],
      [Object.assign(new Error("ENOENT: no such file, open '/x.pdf'"), { code: 'ENOENT' }), { code: 'ENOENT', retryable: false }],
    ];
    for (const [thrown, expected] of cases) {
      const dispatcher = createDispatcher({ 'engine.status': () => Promise.reject(thrown) });
      expect(await dispatcher.invoke('engine.status', {})).toMatchObject({ ok: false, error: expected });
    }
  });

  it('reports unexpected failures and invalid results as INTERNAL, and tells the log', async () => {
    const internal: string[] = [];
    const onInternalError = (channel: string) => internal.push(channel);
    const throwing = createDispatcher({ 'engine.status': () => Promise.reject(new TypeError('x is undefined')) }, { onInternalError });
    expect(await throwing.invoke('engine.status', {})).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'x is undefined', retryable: false } });
    const invalid = createDispatcher({ 'engine.status': () => ({ ...STATUS, state: 'dancing' }) as never }, { onInternalError });
    expect(await invalid.invoke('engine.status', {})).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: 'engine.status produced an invalid result' } });
    expect(internal).toEqual(['engine.status', 'engine.status']);
  });

  it('sends only what the result schema describes: members it does not know are dropped', async () => {
    const dispatcher = createDispatcher({ 'engine.status': () => ({ ...STATUS, secret: 'must not cross' }) as never });
    const response = await dispatcher.invoke('engine.status', {});
    expect(JSON.stringify(response)).not.toContain('must not cross');
  });

  it('plain errors of any value', () => {
    expect(toIpcError('just a string')).toEqual({ code: 'INTERNAL', message: 'just a string', retryable: false });
  });
});

describe('events', () => {
  it('validates a payload against the contract before it leaves', () => {
    expect(eventMessage('uploads.progress', { uploadId: 'u1', sentBytes: 10, totalBytes: 20 })).toEqual({ event: 'uploads.progress', payload: { uploadId: 'u1', sentBytes: 10, totalBytes: 20 } });
    expect(() => eventMessage('uploads.progress', { uploadId: 'u1', sentBytes: -1, totalBytes: 20 })).toThrow(/payload\.sentBytes/);
  });
});
