import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LIMITS, fileFormatOf, type FileFormat } from '../../shared/api/index.js';
import { formatTaken, formatsTaken } from '../cloud-stand-in.js';
import type { ReceivedFile } from '../http/multipart.js';
import { AddressRefused, fixedLookup, resolveAllowed } from './address-guard.js';

export interface LinkLimits {
  maxBytes: number;
  /** For the whole download, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Loopback and private addresses (off by default; tests turn it on). */
  allowPrivate: boolean;
}

export const DEFAULT_LINK_LIMITS: LinkLimits = { maxBytes: LIMITS.fileBytes, timeoutMs: 60_000, maxRedirects: 3, allowPrivate: false };

export type LinkOutcome = { ok: true; file: ReceivedFile } | { ok: false; fileName: string; cause: string };

/** Content types a link may answer, with the format each stands for; octet-stream leaves it to the name. */
const CONTENT_TYPES: Record<string, FileFormat | undefined> = {
  'application/pdf': 'pdf',
  'application/ofd': 'ofd',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tiff',
  'text/plain': 'txt',
  'application/octet-stream': undefined,
  'binary/octet-stream': undefined,
};

class LinkFailure extends Error {}

/**
 * Downloads one upload link into the engine's temp folder with the limits of an upload: size, time,
 * redirects, content type and format. Every failure is a sentence for the clerk, never a throw.
 */
export async function downloadLink(link: string, tempDir: string, limits: LinkLimits): Promise<LinkOutcome> {
  const tempPath = join(tempDir, `link-${randomUUID()}`);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let fileName = nameFromPath(new URL(link));
  try {
    const response = await follow(new URL(link), limits, signal);
    fileName = nameOf(response.url, response.message, fileName);
    const size = await save(response.message, tempPath, limits.maxBytes, signal);
    return { ok: true, file: { part: 'urls', fileName, tempPath, size } };
  } catch (error) {
    await rm(tempPath, { force: true });
    return { ok: false, fileName, cause: causeOf(error, link, limits) };
  }
}

async function follow(url: URL, limits: LinkLimits, signal: AbortSignal): Promise<{ url: URL; message: IncomingMessage }> {
  for (let hop = 0; ; hop++) {
    const message = await get(url, limits.allowPrivate, signal);
    const location = message.headers.location;
    if (message.statusCode && message.statusCode >= 300 && message.statusCode < 400 && location) {
      message.resume();
      if (hop >= limits.maxRedirects) throw new LinkFailure(`it redirected more than ${limits.maxRedirects} times`);
      url = new URL(location, url);
      continue;
    }
    if (message.statusCode !== 200) {
      message.resume();
      throw new LinkFailure(`the server answered HTTP ${message.statusCode}`);
    }
    checkContentType(message, url);
    const declared = Number(message.headers['content-length'] ?? NaN);
    if (declared > limits.maxBytes) {
      message.destroy();
      throw new LinkFailure(`it is ${megabytes(declared)}, over the ${megabytes(limits.maxBytes)} limit`);
    }
    return { url, message };
  }
}

async function get(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const resolved = await resolveAllowed(url, allowPrivate);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { method: 'GET', lookup: fixedLookup(resolved) as never, signal, headers: { 'user-agent': 'docket-engine' } }, resolve);
    request.on('error', reject);
    request.end();
  });
}

function checkContentType(message: IncomingMessage, url: URL): void {
  const type = (message.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
  if (!(type in CONTENT_TYPES) && !type.startsWith('image/')) {
    message.destroy();
    throw new LinkFailure(`it answered '${type}', not a document (${url.host} may want a login)`);
  }
}

async function save(message: IncomingMessage, tempPath: string, maxBytes: number, signal: AbortSignal): Promise<number> {
  let size = 0;
  message.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) message.destroy(new LinkFailure(`it is over the ${megabytes(maxBytes)} limit`));
  });
  await pipeline(message, createWriteStream(tempPath), { signal });
  return size;
}

/** The server's file name (Content-Disposition) or the path's last segment, with an extension from the content type when it has none. */
function nameOf(url: URL, message: IncomingMessage, fallback: string): string {
  const disposition = message.headers['content-disposition'] ?? '';
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
  const name = (star ? safeDecode(star) : plain) ?? nameFromPath(url) ?? fallback;
  if (fileFormatOf(name)) return name;
  const type = (message.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const format = CONTENT_TYPES[type];
  return format ? `${name}.${format}` : name;
}

function nameFromPath(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop();
  return (last && safeDecode(last).replace(/[\\/]/g, '_')) || url.hostname;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function causeOf(error: unknown, link: string, limits: LinkLimits): string {
  const why =
    error instanceof LinkFailure || error instanceof AddressRefused
      ? error.message
      : (error as { name?: string }).name === 'TimeoutError' || (error as { name?: string }).name === 'AbortError'
        ? `it took longer than ${limits.timeoutMs / 1000} s`
        : `it could not be reached (${(error as { code?: string }).code ?? (error as Error).message})`;
  return `The link ${link} could not be downloaded: ${why}.`;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/** The same check as an upload's, as a failure cause: a link is taken only in a format the service takes. */
export function formatCause(fileName: string, cloudStandIn: boolean | undefined): string | undefined {
  return formatTaken(fileName, cloudStandIn) ? undefined : `'${fileName}' is not a supported file type; supported formats: ${formatsTaken(cloudStandIn).join(', ')}.`;
}
