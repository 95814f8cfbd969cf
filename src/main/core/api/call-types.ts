import type { z } from 'zod';
import type { MultipartFiles, RouteName, RouteResult, Routes } from '../../../shared/api/index.js';
import type { Progress } from './multipart.js';

type SchemaMember = 'query' | 'body' | 'parts';

type InputOf<N extends RouteName, K extends SchemaMember> = Routes[N] extends { readonly [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : never;

export type QueryIn<N extends RouteName> = InputOf<N, 'query'>;
export type BodyIn<N extends RouteName> = InputOf<N, 'body'>;
export type PartsIn<N extends RouteName> = InputOf<N, 'parts'>;

export interface FileSource {
  path: string;
  fileName?: string | undefined;
}

/** What `call` takes for route N: exactly the members the route table gives it. */
export type CallInput<N extends RouteName> = {
  [K in SchemaMember as Routes[N] extends { readonly [P in K]: z.ZodType } ? K : never]: InputOf<N, K>;
} & (Routes[N] extends { readonly files: MultipartFiles } ? FilesOrLinks<N> : unknown);

/** An upload route takes its files, or (where the table gives it `links`) a JSON body of links instead. */
type FilesOrLinks<N extends RouteName> = Routes[N] extends { readonly links: infer L extends z.ZodType }
  ? { files: FileSource[]; links?: never } | { links: z.input<L>; files?: never }
  : { files: FileSource[] };

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Per-call limit for the response headers and for each gap in the response body. */
  timeoutMs?: number | undefined;
}

export interface UploadRequestOptions extends RequestOptions {
  onProgress?: ((progress: Progress) => void) | undefined;
  /** File name sent in the part; the path's base name when absent. */
  fileName?: string | undefined;
}

export type CallOptions = RequestOptions & Pick<UploadRequestOptions, 'onProgress'>;

export type Caller = <N extends RouteName>(name: N, input: CallInput<N>, options?: CallOptions) => Promise<RouteResult<N>>;
