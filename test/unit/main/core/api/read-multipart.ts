// Parses a multipart/form-data body with busboy, an independent implementation, for assertions.
import busboy from 'busboy';

export interface ParsedFile {
  name: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export interface ParsedMultipart {
  fields: Record<string, string>;
  files: ParsedFile[];
}

export function readMultipart(contentType: string, body: Buffer): Promise<ParsedMultipart> {
  return new Promise((resolve, reject) => {
    const parsed: ParsedMultipart = { fields: {}, files: [] };
    // Browsers and our client send names as raw UTF-8; busboy assumes latin1 unless told.
    const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    parser.on('field', (name, value) => (parsed.fields[name] = value));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => parsed.files.push({ name, fileName: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) }));
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(parsed));
    parser.end(body);
  });
}
