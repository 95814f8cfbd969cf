import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';

export interface TextPart {
  name: string;
  value: string;
}

export interface FilePart {
  name: string;
  path: string;
  /** Name sent in the part; the path's base name when absent. */
  fileName?: string | undefined;
}

export interface SizedFilePart extends Required<FilePart> {
  size: number;
}

export interface Progress {
  sentBytes: number;
  totalBytes: number;
}

export interface StreamOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: Progress) => void) | undefined;
}

export interface MultipartBody {
  contentType: string;
  contentLength: number;
  files: readonly SizedFilePart[];
  /** A fresh stream of the body each time: a resent request needs its own. */
  stream(options?: StreamOptions): Readable;
  /**
   * SHA-256 of the exact bytes stream() produces. Signed auth must sign the body before sending
   * it, so a signed upload reads its files twice (here, then to send); neither read buffers a file.
   */
  sha256Hex(signal?: AbortSignal): Promise<string>;
}

type Segment = { kind: 'bytes'; bytes: Buffer } | { kind: 'file'; path: string; size: number };

const CRLF = '\r\n';

/** Stats every file up front so that Content-Length is known before a byte is sent. */
export async function buildMultipart(
  texts: readonly TextPart[],
  files: readonly FilePart[],
  boundary: string = newBoundary(),
): Promise<MultipartBody> {
  const sized = await Promise.all(files.map(sizeFilePart));
  const segments: Segment[] = [
    ...texts.map((part) => bytes(`--${boundary}${CRLF}${disposition(part.name)}${CRLF}${CRLF}${part.value}${CRLF}`)),
    ...sized.flatMap((part): Segment[] => [
      bytes(`--${boundary}${CRLF}${disposition(part.name, part.fileName)}${CRLF}Content-Type: ${contentTypeOf(part.fileName)}${CRLF}${CRLF}`),
      { kind: 'file', path: part.path, size: part.size },
      bytes(CRLF),
    ]),
    bytes(`--${boundary}--${CRLF}`),
  ];
  const contentLength = segments.reduce((sum, s) => sum + (s.kind === 'bytes' ? s.bytes.length : s.size), 0);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength,
    files: sized,
    stream: (options = {}) => Readable.from(withProgress(chunksOf(segments, options.signal), contentLength, options.onProgress), { objectMode: false }),
    sha256Hex: (signal) => hashChunks(chunksOf(segments, signal)),
  };
}

export function newBoundary(): string {
  return `----DocketBoundary${randomBytes(16).toString('hex')}`;
}

async function sizeFilePart(part: FilePart): Promise<SizedFilePart> {
  const info = await stat(part.path);
  if (!info.isFile()) throw Object.assign(new Error(`not a file: ${part.path}`), { code: 'EISDIR', path: part.path });
  return { name: part.name, path: part.path, fileName: part.fileName ?? basename(part.path), size: info.size };
}

async function* chunksOf(segments: readonly Segment[], signal: AbortSignal | undefined): AsyncGenerator<Buffer> {
  for (const segment of segments) {
    signal?.throwIfAborted();
    if (segment.kind === 'bytes') yield segment.bytes;
    else yield* fileChunks(segment.path, segment.size, signal);
  }
}

/** Exactly `size` bytes of the file, streamed: a file that shrank since stat is an error. */
async function* fileChunks(path: string, size: number, signal: AbortSignal | undefined): AsyncGenerator<Buffer> {
  if (size === 0) return;
  let read = 0;
  for await (const chunk of createReadStream(path, { start: 0, end: size - 1, signal })) {
    read += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
  if (read !== size) throw Object.assign(new Error(`${path} changed while being sent`), { code: 'ESIZECHANGED', path });
}

async function* withProgress(
  chunks: AsyncIterable<Buffer>,
  totalBytes: number,
  onProgress: StreamOptions['onProgress'],
): AsyncGenerator<Buffer> {
  let sentBytes = 0;
  for await (const chunk of chunks) {
    yield chunk;
    // Reported once the consumer asks for more, i.e. once it has taken this chunk.
    sentBytes += chunk.length;
    onProgress?.({ sentBytes, totalBytes });
  }
}

async function hashChunks(chunks: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
}

function bytes(text: string): Segment {
  return { kind: 'bytes', bytes: Buffer.from(text, 'utf8') };
}

/** Names are sent as raw UTF-8 with ", CR and LF percent-escaped, as browsers do (WHATWG HTML). */
function disposition(name: string, fileName?: string): string {
  const file = fileName === undefined ? '' : `; filename="${escapeQuoted(fileName)}"`;
  return `Content-Disposition: form-data; name="${escapeQuoted(name)}"${file}`;
}

function escapeQuoted(text: string): string {
  return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.ofd': 'application/ofd',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain; charset=utf-8',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.tiff': 'image/tiff',
  '.tif': 'image/tiff',
  '.xml': 'application/xml',
};

export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}
