import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocketClient } from '../../src/main/core/api/index.js';
import { API_PREFIX } from '../../src/shared/api/index.js';
import { assertPublishedAnswer, publishedSchemaViolations, PublishedSchemaError } from './published-schema.js';
import { publishedSchemaDispatcher } from './published-schema-dispatcher.js';

const REVIEW_RESULT = `${API_PREFIX}/review/task/result`;

/** A review task result with one rule's subtask; `audit` is merged into that subtask. */
function reviewResult(audit: object) {
  const review_tasks = [{ rule_task_id: '1', rule_id: '2', rule_name: 'Total', risk_level: 10, prompt: 'p', review_result: 1, reasoning: 'ok', anchors: [], ...audit }];
  return { code: 200, msg: 'success', result: { task_id: '3', task_name: 't', status: 1, groups: [{ group_id: '4', group_name: 'g', review_tasks }] } };
}

describe('the published schema helper', () => {
  it('names the route, the JSON path and the rule when a review result carries audit_result and audit_message as null', () => {
    const answer = { method: 'POST', path: REVIEW_RESULT, status: 200, body: reviewResult({ audit_result: null, audit_message: null }) };
    const error = (() => {
      try {
        assertPublishedAnswer(answer);
      } catch (e) {
        return e;
      }
    })() as PublishedSchemaError;
    expect(error).toBeInstanceOf(PublishedSchemaError);
    expect(error.message).toContain('POST /review/task/result');
    expect(error.message).toContain('/result/groups/0/review_tasks/0/audit_result: must be integer [type at ');
    expect(error.message).toContain('/result/groups/0/review_tasks/0/audit_message: must be string [type at ');
  });

  it('accepts a review result whose subtasks leave the audit out, and one audited by a person', () => {
    for (const audit of [{}, { audit_result: 1, audit_message: 'checked' }]) {
      expect(publishedSchemaViolations({ method: 'POST', path: REVIEW_RESULT, status: 200, body: reviewResult(audit) })).toEqual([]);
    }
  });

  it('refuses a value outside an enum and lists the allowed values', () => {
    const [violation] = publishedSchemaViolations({ method: 'POST', path: REVIEW_RESULT, status: 200, body: reviewResult({ audit_result: 2 }) });
    expect(violation).toMatchObject({ at: '/result/groups/0/review_tasks/0/audit_result', message: 'must be equal to one of the allowed values [0,1]' });
  });

  it('takes a snowflake id as a string where the published schema says integer, as its list of deviations says', () => {
    const answer = (repo_id: unknown) => ({ method: 'POST', path: `${API_PREFIX}/review/rule_repo/create`, status: 200, body: { code: 200, msg: 'success', result: { repo_id } } });
    expect(publishedSchemaViolations(answer('1981692246135111700'))).toEqual([]);
    expect(publishedSchemaViolations(answer(7)).map((v) => v.at)).toEqual(['/result/repo_id']);
  });

  it('holds an HTTP error answer and a route the document lacks to the envelope', () => {
    expect(publishedSchemaViolations({ method: 'GET', path: `${API_PREFIX}/file/fetch`, status: 404, body: { code: 40400, msg: 'no such task' } })).toEqual([]);
    const [violation] = publishedSchemaViolations({ method: 'POST', path: `${API_PREFIX}/no/such/route`, status: 200, body: { code: 200 } });
    expect(violation).toMatchObject({ at: '', message: "must have required property 'msg'" });
  });
});

describe('the published schema dispatcher', () => {
  let server: Server;
  let origin: string;
  let calls = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      calls++;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reviewResult({ audit_result: null })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fails a client call whose answer breaks the published schema, once, without resending it', async () => {
    const client = new DocketClient({ baseUrl: origin, credentials: { appId: 'a', secret: 's', mode: 'headers' }, dispatcher: publishedSchemaDispatcher() });
    const error = await client.review.tasks.result({ workspace_id: '1', task_id: '3' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishedSchemaError);
    expect((error as Error).message).toMatch(/^POST \/review\/task\/result: HTTP 200 answer outside the published schema/);
    expect(calls).toBe(1);
  });
});
