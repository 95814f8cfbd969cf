import type { z } from 'zod';

export const API_PREFIX = '/api/app-api/sip/platform/v2';

/** How a route's answer is wrapped: {code,msg,result}, {code,data,msg,traceId}, or raw bytes. */
export type EnvelopeKind = 'result' | 'data' | 'bytes';

/**
 * Whether a failed call may be sent again blind. `idempotent`: same effect twice (reads, update,
 * delete, retry, amend). `reconcile`: creates something, so after an ambiguous failure the caller
 * must look it up first.
 */
export type RetryClass = 'idempotent' | 'reconcile';

export interface MultipartFiles {
  part: string;
  min: number;
  max: number;
}

export interface RouteSpec {
  method: 'GET' | 'POST';
  path: `/${string}`;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Text parts of a multipart body; names in jsonParts hold JSON (arrays or single objects). */
  parts?: z.ZodType;
  jsonParts?: readonly string[];
  files?: MultipartFiles;
  /** A JSON body that may stand in for the file parts: links the server downloads (file/upload by link). */
  links?: z.ZodType;
  result: z.ZodType;
  envelope: EnvelopeKind;
  retry: RetryClass;
  /**
   * Where the route comes from: the contract, the interface notes, the published OpenAPI document alone,
   * the official SDK alone, or the local engine alone (an extra the published service does not have).
   */
  source: 'contract' | 'notes' | 'published' | 'sdk' | 'engine';
  deprecated?: true;
}

export function route<const S extends RouteSpec>(spec: S): S {
  return spec;
}

export function routeLabel(spec: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${spec.method} ${spec.path}`;
}
