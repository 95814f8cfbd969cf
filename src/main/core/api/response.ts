import type { IncomingHttpHeaders } from 'node:http';
import { DataEnvelope, Envelope, SUCCESS_CODE, parseJsonLossless, type RouteSpec } from '../../../shared/api/index.js';
import { ApiError, ResponseValidationError, customIssue, prefixIssues, type CallContext } from './errors.js';
import { parseRetryAfter } from './retry-policy.js';

export interface RawResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  bytes: Uint8Array;
}

const MAX_MESSAGE_CHARS = 200;

/** The route's validated result, or the ApiError / ResponseValidationError the answer amounts to. */
export function decodeResponse(spec: RouteSpec, response: RawResponse, context: CallContext): unknown {
  if (!isSuccessStatus(response.statusCode)) throw httpError(response, context);
  if (spec.envelope === 'bytes') return decodeBytes(spec, response, context);
  const envelope = parseEnvelope(spec, response, context);
  if (envelope.code !== SUCCESS_CODE) throw envelopeError(envelope, response, context);
  const member = spec.envelope === 'data' ? 'data' : 'result';
  return validateResult(spec, envelope[member], [member], response, context);
}

function decodeBytes(spec: RouteSpec, response: RawResponse, context: CallContext): unknown {
  if (isJson(response.headers)) {
    const envelope = Envelope.safeParse(tryParseJson(decodeText(response.bytes)));
    if (envelope.success && envelope.data.code !== SUCCESS_CODE) throw envelopeError(envelope.data, response, context);
  }
  return validateResult(spec, response.bytes, [], response, context);
}

function parseEnvelope(spec: RouteSpec, response: RawResponse, context: CallContext) {
  const json = tryParseJson(decodeText(response.bytes));
  if (json === NOT_JSON) throw new ResponseValidationError([customIssue([], 'the body is not JSON')], response.statusCode, context);
  const schema = spec.envelope === 'data' ? DataEnvelope : Envelope;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ResponseValidationError(parsed.error.issues, response.statusCode, context);
  return parsed.data as Envelope & { data?: unknown };
}

function validateResult(spec: RouteSpec, value: unknown, path: PropertyKey[], response: RawResponse, context: CallContext): unknown {
  const parsed = spec.result.safeParse(value);
  if (!parsed.success) throw new ResponseValidationError(prefixIssues(parsed.error.issues, path), response.statusCode, context);
  return parsed.data;
}

/** A non-2xx answer: its envelope's code and msg when it carries one, else the HTTP status. */
function httpError(response: RawResponse, context: CallContext): ApiError {
  const text = decodeText(response.bytes);
  const envelope = Envelope.safeParse(tryParseJson(text));
  if (envelope.success) return envelopeError(envelope.data, response, context);
  const msg = text.trim().slice(0, MAX_MESSAGE_CHARS) || `HTTP ${response.statusCode}`;
  return new ApiError({ code: response.statusCode, msg, httpStatus: response.statusCode, retryAfterMs: retryAfterOf(response) }, context);
}

function envelopeError(envelope: Envelope, response: RawResponse, context: CallContext): ApiError {
  return new ApiError(
    { code: envelope.code, msg: envelope.msg, traceId: envelope.traceId, httpStatus: response.statusCode, retryAfterMs: retryAfterOf(response) },
    context,
  );
}

function retryAfterOf(response: RawResponse): number | undefined {
  const value = response.headers['retry-after'];
  return parseRetryAfter(Array.isArray(value) ? value[0] : value);
}

function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

function isJson(headers: IncomingHttpHeaders): boolean {
  return /\bjson\b/i.test(headers['content-type'] ?? '');
}

// Always UTF-8, whatever charset the header claims: Chinese msg texts arrive mis-labelled (notes).
const utf8 = new TextDecoder('utf-8');

function decodeText(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

const NOT_JSON = Symbol('not JSON');

/** Lossless: 19-digit ids stay exact strings. */
function tryParseJson(text: string): unknown {
  try {
    return parseJsonLossless(text);
  } catch {
    return NOT_JSON;
  }
}
