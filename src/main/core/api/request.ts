import type { z } from 'zod';
import { API_PREFIX, LIMITS, type MultipartFiles, type QueryPair, type RouteSpec } from '../../../shared/api/index.js';
import { RequestValidationError, customIssue, errorCode, prefixIssues, type CallContext } from './errors.js';
import { buildMultipart, type MultipartBody, type TextPart } from './multipart.js';
import { formatScalar, isScalar, queryPairs } from './query-string.js';
import type { FileSource } from './call-types.js';

export type PreparedBody =
  | { kind: 'none' }
  | { kind: 'json'; bytes: Buffer }
  | { kind: 'multipart'; multipart: MultipartBody };

/** A request validated and encoded once; each attempt only opens a fresh body stream. */
export interface PreparedRequest {
  method: RouteSpec['method'];
  path: string;
  query: QueryPair[];
  body: PreparedBody;
}

/** `call`'s input with the per-route typing erased. */
export interface RawCallInput {
  query?: unknown;
  body?: unknown;
  parts?: unknown;
  files?: readonly FileSource[];
  links?: unknown;
}

export async function prepareRequest(spec: RouteSpec, input: RawCallInput, context: CallContext): Promise<PreparedRequest> {
  const query = spec.query ? queryPairs(validate(spec.query, input.query, 'query', context) as Record<string, unknown>) : [];
  return { method: spec.method, path: `${API_PREFIX}${spec.path}`, query, body: await bodyOf(spec, input, context) };
}

async function bodyOf(spec: RouteSpec, input: RawCallInput, context: CallContext): Promise<PreparedBody> {
  if (spec.body) return jsonBody(validate(spec.body, input.body, 'body', context));
  if (spec.links && input.links !== undefined) return jsonBody(validate(spec.links, input.links, 'body', context));
  if (spec.files) return { kind: 'multipart', multipart: await multipartOf(spec, spec.files, input, context) };
  return { kind: 'none' };
}

function jsonBody(value: unknown): PreparedBody {
  return { kind: 'json', bytes: Buffer.from(JSON.stringify(value), 'utf8') };
}

async function multipartOf(spec: RouteSpec, files: MultipartFiles, input: RawCallInput, context: CallContext): Promise<MultipartBody> {
  const texts = spec.parts ? textParts(validate(spec.parts, input.parts, 'parts', context), spec.jsonParts ?? []) : [];
  const sources = checkFileCount(files, input.files ?? [], context);
  const fileParts = sources.map((source) => ({ name: files.part, path: source.path, fileName: source.fileName }));
  const body = await buildMultipart(texts, fileParts).catch((error: unknown) => {
    throw localFileError(error, fileParts, context) ?? error;
  });
  checkFileSizes(body, context);
  return body;
}

function validate(schema: z.ZodType, value: unknown, where: string, context: CallContext): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RequestValidationError(prefixIssues(parsed.error.issues, [where]), context);
  return parsed.data;
}

/** Scalars as text; JSON parts (category fields and tables) as the JSON text of their value. */
function textParts(values: unknown, jsonParts: readonly string[]): TextPart[] {
  return Object.entries(values as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: jsonParts.includes(name) ? JSON.stringify(value) : scalarText(name, value) }));
}

function scalarText(name: string, value: unknown): string {
  if (!isScalar(value)) throw new TypeError(`multipart member ${name} is not a scalar and not a JSON part`);
  return formatScalar(value);
}

function checkFileCount(files: MultipartFiles, sources: readonly FileSource[], context: CallContext): readonly FileSource[] {
  if (sources.length >= files.min && sources.length <= files.max) return sources;
  const expected = files.min === files.max ? `${files.min}` : `${files.min} to ${files.max}`;
  throw new RequestValidationError([customIssue([files.part], `expected ${expected} file(s), got ${sources.length}`)], context);
}

function checkFileSizes(body: MultipartBody, context: CallContext): void {
  const issues = body.files.flatMap((file, i) =>
    file.size > LIMITS.fileBytes ? [customIssue([file.name, i], `${file.fileName} is ${file.size} bytes; the limit is ${LIMITS.fileBytes}`)] : [],
  );
  if (issues.length > 0) throw new RequestValidationError(issues, context);
}

/** A file that cannot be read (before or while sending) is the caller's input at fault, not the network. */
export function localFileError(
  error: unknown,
  files: readonly { name: string; path: string }[],
  context: CallContext,
): RequestValidationError | undefined {
  const path = (error as { path?: unknown } | null)?.path;
  const index = files.findIndex((file) => file.path === path);
  const file = files[index];
  if (file === undefined) return undefined;
  return new RequestValidationError([customIssue([file.name, index], `cannot read ${file.path} (${errorCode(error) ?? 'error'})`)], context);
}
