import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '../../shared/api/index.js';
import { EngineError, invalidMember } from './engine-error.js';

export interface ReceivedFile {
  part: string;
  fileName: string;
  tempPath: string;
  size: number;
}

export interface MultipartBody {
  fields: Map<string, string[]>;
  files: ReceivedFile[];
}

const MAX_TEXT_PART_BYTES = 1024 * 1024;
const MAX_PARTS = 64;

/** Streams every file part to a temporary file (never whole in memory); text parts are kept. */
export async function readMultipart(req: IncomingMessage, body: Readable, tempDir: string): Promise<MultipartBody> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw invalidMember('Content-Type', 'this endpoint takes multipart/form-data');
  }
  const fields = new Map<string, string[]>();
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  let failure: EngineError | undefined;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { fileSize: LIMITS.fileBytes, fieldSize: MAX_TEXT_PART_BYTES, parts: MAX_PARTS, files: 20 },
    });
  } catch (error) {
    throw invalidMember('Content-Type', (error as Error).message);
  }
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) failure ??= new EngineError('overLimit', `over a limit '${name}': a text part may hold at most ${MAX_TEXT_PART_BYTES} bytes`);
    fields.set(name, [...(fields.get(name) ?? []), value]);
  });
  parser.on('file', (part, stream, info) => {
    const received: ReceivedFile = { part, fileName: info.filename ?? '', tempPath: join(tempDir, `upload-${randomUUID()}`), size: 0 };
    files.push(received);
    stream.on('data', (chunk: Buffer) => (received.size += chunk.length));
    stream.on('limit', () => {
      failure ??= new EngineError('fileTooLarge', `file '${received.fileName}' is over the ${LIMITS.fileBytes / 1024 / 1024} MB limit`);
    });
    writes.push(pipeline(stream, createWriteStream(received.tempPath)));
  });
  parser.on('partsLimit', () => (failure ??= new EngineError('overLimit', `over a limit: at most ${MAX_PARTS} parts`)));
  parser.on('filesLimit', () => (failure ??= new EngineError('overLimit', 'over a limit: too many files in one request')));
  try {
    await pipeline(body, parser);
    await Promise.all(writes);
  } catch (error) {
    await discardFiles(files);
    throw invalidMember('body', `malformed multipart body (${(error as Error).message})`);
  }
  if (failure) {
    await discardFiles(files);
    throw failure;
  }
  return { fields, files };
}

export async function discardFiles(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f.tempPath).catch(() => undefined)));
}
