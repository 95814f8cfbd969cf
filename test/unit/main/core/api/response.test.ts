import { describe, expect, it } from 'vitest';
import { ROUTES, routeLabel, type RouteSpec } from '../../../../../src/shared/api/index.js';
import { ApiError, ResponseValidationError, type CallContext } from '../../../../../src/main/core/api/errors.js';
import { decodeResponse } from '../../../../../src/main/core/api/response.js';

const ID = '1981692246135111703'; // 19 digits: JSON.parse would read 1981692246135111700

function decode(spec: RouteSpec, statusCode: number, body: string | Uint8Array, contentType = 'application/json'): unknown {
  const context: CallContext = { route: routeLabel(spec), retryClass: spec.retry };
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return decodeResponse(spec, { statusCode, headers: { 'content-type': contentType }, bytes }, context);
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('decodeResponse', () => {
  it('keeps bare 19-digit numeric ids exact, as strings', () => {
    expect(Number(ID).toString()).not.toBe(ID);
    const text = `{"code":200,"msg":"ok","result":{"workspace_id":${ID},"name":"w"}}`;
    expect(decode(ROUTES.workspaceGet, 200, text)).toMatchObject({ workspace_id: ID });
  });

  it('keeps 19-digit ids nested in arrays exact', () => {
    const text = `{"code":200,"result":{"batch_number":"B","files":[{"id":${ID},"name":"a.pdf","format":"pdf","task_id":-${ID}}]}}`;
    expect(decode(ROUTES.fileUpload, 200, text)).toMatchObject({ files: [{ id: ID, task_id: `-${ID}` }] });
  });

  it('reads the test-run result from the data member of its envelope', () => {
    const data = {
      id: 1, reviewRuleIdNo: 2, reviewRuleVersion: 1, processStatus: 2, thinkOutput: null, evalOutput: 'ok',
      bindingTaskIds: [3], resultHighlights: [], evalResult: true, duration: 5, eval: true,
    };
    expect(decode(ROUTES.reviewRunRule, 200, JSON.stringify({ code: 200, msg: 'ok', data, traceId: 't' }))).toMatchObject({ id: '1', evalResult: true });
  });

  it('turns an envelope code other than 200 into an ApiError with code, msg and traceId', () => {
    const error = thrown(() => decode(ROUTES.fileFetch, 200, '{"code":40003,"msg":"参数错误","traceId":"abc"}'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 40003, msg: '参数错误', traceId: 'abc', httpStatus: 200, route: 'GET /file/fetch', retryable: false });
  });

  it('decodes msg as UTF-8 even when the header claims another charset', () => {
    const bytes = new TextEncoder().encode('{"code":40003,"msg":"文件格式不支持"}');
    const error = thrown(() => decode(ROUTES.fileFetch, 200, bytes, 'application/json; charset=iso-8859-1'));
    expect(error).toMatchObject({ msg: '文件格式不支持' });
  });

  it('takes code and msg from the envelope of a non-2xx answer', () => {
    expect(thrown(() => decode(ROUTES.fileFetch, 401, '{"code":40101,"msg":"invalid secret"}'))).toMatchObject({ code: 40101, httpStatus: 401 });
  });

  it('uses the HTTP status as code when a non-2xx answer is not JSON', () => {
    const error = thrown(() => decode(ROUTES.fileFetch, 502, '<html>Bad Gateway</html>', 'text/html'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 502, httpStatus: 502, msg: '<html>Bad Gateway</html>' });
  });

  it('reports a result of the wrong shape with the member path of each issue', () => {
    const error = thrown(() => decode(ROUTES.fileFetch, 200, '{"code":200,"result":{"total":"many","page":1,"page_size":10,"files":[]}}'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]!.path).toEqual(['result', 'total']);
    expect((error as Error).message).toContain('result.total');
  });

  it('reports a 2xx body that is not JSON as a ResponseValidationError', () => {
    expect(thrown(() => decode(ROUTES.fileFetch, 200, 'OK', 'text/plain'))).toBeInstanceOf(ResponseValidationError);
  });

  it('returns the bytes of a bytes route untouched', () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]);
    expect(decode(ROUTES.categorySampleDownload, 200, pdf, 'application/pdf')).toEqual(pdf);
  });

  it('treats a JSON error envelope on a bytes route as an ApiError', () => {
    const error = thrown(() => decode(ROUTES.categorySampleDownload, 200, '{"code":40401,"msg":"sample not found"}'));
    expect(error).toMatchObject({ code: 40401, msg: 'sample not found' });
  });
});
