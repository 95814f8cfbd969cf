import type { z } from 'zod';
import type { RouteName, Routes } from '../../shared/api/index.js';
import type { ReceivedFile } from './multipart.js';

type Parsed<S, K extends string> = S extends { [P in K]: infer T extends z.ZodType } ? z.output<T> : undefined;

export interface HandlerInput<N extends RouteName> {
  query: Parsed<Routes[N], 'query'>;
  body: Parsed<Routes[N], 'body'>;
  parts: Parsed<Routes[N], 'parts'>;
  files: ReceivedFile[];
  /** Links to download in place of the files (file/upload by link). */
  links: Parsed<Routes[N], 'links'>;
  /** http://127.0.0.1:<port>, for URLs the engine hands out. */
  origin: string;
}

export interface Download {
  bytes: Uint8Array;
  fileName: string;
  /** application/octet-stream unless given. */
  contentType?: string;
}

export type HandlerOutput<N extends RouteName> = Routes[N]['envelope'] extends 'bytes' ? Download : z.input<Routes[N]['result']>;

export type Handler<N extends RouteName> = (input: HandlerInput<N>) => HandlerOutput<N> | Promise<HandlerOutput<N>>;

/** One handler per route of the table: the compiler refuses an engine that misses one. */
export type Handlers = { [N in RouteName]: Handler<N> };
