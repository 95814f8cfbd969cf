import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { load } from 'js-yaml';
import { DocketApiError } from '../../src/main/core/api/index.js';
import { API_PREFIX, ROUTES, routeLabel, type RouteSpec } from '../../src/shared/api/index.js';

/** The service's published OpenAPI document, beside the interface description. */
export const PUBLISHED_SCHEMA_FILE = resolve(import.meta.dirname, '../../../shared/spec/openapi-2.8.4.yaml');

/**
 * The deliberate deviations: snowflake ids we answer as strings where the published schema types
 * them integer. Nineteen digits do not fit in a JavaScript number, and the official SDK keeps them
 * as strings too. docs/api-coverage.md prints this list.
 */
export const STRING_ID_DEVIATIONS = [{ route: 'POST /review/rule_repo/create', member: 'result.repo_id' }] as const;

/**
 * Members whose null the published document itself describes ("null: Not verified") but whose type
 * leaves it out; api-notes.md names the same value. We answer the documented null. Wherever the
 * document has a member of that name, it may be null. docs/api-coverage.md prints this list.
 */
export const DOCUMENTED_NULL_MEMBERS = [{ member: 'invoiceVerifyStatus', meaning: 'not verified' }] as const;

/** One engine answer as the contract suite received it. */
export interface EngineAnswer {
  method: string;
  /** The URL path, API prefix included. */
  path: string;
  status: number;
  body: unknown;
}

export interface SchemaViolation {
  /** JSON pointer into the answer. */
  at: string;
  /** The schema rule broken: its keyword and where it stands in the published document. */
  rule: string;
  message: string;
}

type JsonSchema = { [keyword: string]: unknown };
interface PublishedDocument extends JsonSchema {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>>;
}

const DOCUMENT_ID = 'openapi-2.8.4.yaml';
const ENVELOPE_REF = `${DOCUMENT_ID}#/components/schemas/CodeMessage`;

/** An answer outside the published schema; a DocketApiError so that the client passes it on as it is, never resent. */
export class PublishedSchemaError extends DocketApiError {
  readonly code = 'PUBLISHED_SCHEMA';
  protected readonly transient = false;

  constructor(
    readonly answer: EngineAnswer,
    readonly violations: readonly SchemaViolation[],
  ) {
    const lines = violations.map((v) => `  ${v.at || '(answer)'}: ${v.message} [${v.rule}]`);
    const spec = routeOf(answer);
    const context = { route: spec ? routeLabel(spec) : `${answer.method.toUpperCase()} ${answer.path}`, retryClass: spec?.retry ?? 'reconcile' };
    // Not an unknown outcome: the engine acted and answered, the answer is what is wrong.
    super(`HTTP ${answer.status} answer outside the published schema (${DOCUMENT_ID}):\n${lines.join('\n')}`, context, false);
  }
}

/** What in the answer breaks the published schema of its route (the envelope alone for a route the document lacks or an HTTP error). */
export function publishedSchemaViolations(answer: EngineAnswer): SchemaViolation[] {
  const validate = validatorFor(answer);
  if (validate(answer.body)) return [];
  return (validate.errors ?? []).map(violation);
}

/** Throws PublishedSchemaError when the answer breaks the published schema of its route. */
export function assertPublishedAnswer(answer: EngineAnswer): void {
  const violations = publishedSchemaViolations(answer);
  if (violations.length > 0) throw new PublishedSchemaError(answer, violations);
}

/** Whether the published document describes the route's answer (otherwise only the envelope is checked). */
export function isPublishedRoute(method: string, path: string): boolean {
  return responseSchemaPointer(loadPublished().document, method, `${API_PREFIX}${path}`, 200) !== undefined;
}

interface Published {
  document: PublishedDocument;
  ajv: Ajv;
  validators: Map<string, ValidateFunction>;
}
let published: Published | undefined;

/** The document, read once, with the deviations written into it. */
function loadPublished(): Published {
  if (published) return published;
  const document = load(readFileSync(PUBLISHED_SCHEMA_FILE, 'utf8')) as PublishedDocument;
  for (const deviation of STRING_ID_DEVIATIONS) memberSchema(document, deviation).type = 'string';
  allowDocumentedNulls(document);
  // strict off: OpenAPI adds keywords JSON Schema does not know (example, x-codeSamples, the document's own members).
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  // OpenAPI's formats of numbers and bytes describe storage, not a rule an answer can break.
  for (const name of ['int64', 'float', 'binary']) ajv.addFormat(name, true);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i);
  ajv.addSchema(document, DOCUMENT_ID);
  return (published = { document, ajv, validators: new Map() });
}

/** Every property schema named in DOCUMENTED_NULL_MEMBERS, anywhere in the document, also takes null. */
function allowDocumentedNulls(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const properties = (node as JsonSchema)['properties'];
  if (typeof properties === 'object' && properties !== null) {
    for (const { member } of DOCUMENTED_NULL_MEMBERS) {
      const schema = (properties as Record<string, JsonSchema>)[member];
      if (schema && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    }
  }
  for (const child of Object.values(node)) allowDocumentedNulls(child);
}

function validatorFor(answer: EngineAnswer): ValidateFunction {
  const { document, ajv, validators } = loadPublished();
  const pointer = responseSchemaPointer(document, answer.method, answer.path, answer.status);
  const ref = pointer === undefined ? ENVELOPE_REF : `${DOCUMENT_ID}#${pointer}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

/** The pointer to the JSON schema the document gives the route's answer with that HTTP status, if any. */
function responseSchemaPointer(document: PublishedDocument, method: string, path: string, status: number): string | undefined {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation?.responses?.[String(status)]?.content?.['application/json']?.schema) return undefined;
  return ['', 'paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema'].map(escapePointer).join('/');
}

/** The schema of a member of a route's 200 answer, looked up through allOf. */
function memberSchema(document: PublishedDocument, deviation: { route: string; member: string }): JsonSchema {
  const [method, path] = deviation.route.split(' ') as [string, string];
  let schema = document.paths[`${API_PREFIX}${path}`]?.[method.toLowerCase()]?.responses?.['200']?.content?.['application/json']?.schema;
  for (const name of deviation.member.split('.')) {
    const parts: JsonSchema[] = schema ? [schema, ...((schema['allOf'] as JsonSchema[] | undefined) ?? [])] : [];
    schema = parts.map((part) => (part['properties'] as Record<string, JsonSchema> | undefined)?.[name]).find((found) => found !== undefined);
  }
  if (!schema) throw new Error(`${deviation.route} has no member ${deviation.member} in ${DOCUMENT_ID}`);
  return schema;
}

function violation(error: ErrorObject): SchemaViolation {
  const allowed = error.keyword === 'enum' ? ` ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}` : '';
  return { at: error.instancePath, rule: `${error.keyword} at ${error.schemaPath}`, message: `${error.message ?? 'is invalid'}${allowed}` };
}

/** The route table's entry for the answer's method and path, if the engine has such a route. */
function routeOf(answer: EngineAnswer): RouteSpec | undefined {
  return Object.values(ROUTES).find((spec: RouteSpec) => spec.method === answer.method.toUpperCase() && `${API_PREFIX}${spec.path}` === answer.path);
}

function escapePointer(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}
