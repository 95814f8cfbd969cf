/** What one download of a page image link came to. */
export type PageImageOutcome =
  | { kind: 'ok'; bytes: Uint8Array; mimeType: string }
  /** 403: the link expired or no longer matches; file/fetch gives a fresh one. */
  | { kind: 'refused'; reason: string }
  /** 415 (40304): the server has no picture of this page, and never will. */
  | { kind: 'no-picture'; reason: string }
  /** Any other answer: worth another go later. */
  | { kind: 'failed'; reason: string }
  /** No answer at all: offline, or the server is down. */
  | { kind: 'offline'; reason: string };

export type FetchPageImage = (url: string, signal: AbortSignal) => Promise<PageImageOutcome>;

/** Pictures larger than this are refused rather than held in memory. */
export const MAX_PAGE_IMAGE_BYTES = 64 * 1024 * 1024;

/**
 * Downloads a link as an `<img>` would: no credentials (the link is its own), bounded in time and
 * size. Failures are answered, never thrown, so the downloader decides what each means.
 */
export function httpPageImageFetch(timeoutMs: number): FetchPageImage {
  return async (url, signal) => {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]), redirect: 'follow' });
    } catch (error) {
      if (signal.aborted) throw error;
      return { kind: 'offline', reason: `no answer from ${new URL(url).host}: ${(error as Error).message}` };
    }
    if (response.status === 200) return readPicture(response);
    const reason = `${response.status}: ${await bodyText(response)}`;
    if (response.status === 403) return { kind: 'refused', reason };
    if (response.status === 415) return { kind: 'no-picture', reason: messageOf(reason) };
    return { kind: 'failed', reason };
  };
}

async function readPicture(response: Response): Promise<PageImageOutcome> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_PAGE_IMAGE_BYTES) {
    await response.body?.cancel();
    return { kind: 'failed', reason: `the picture is larger than ${MAX_PAGE_IMAGE_BYTES} bytes` };
  }
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    const mimeType = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
    if (!mimeType.startsWith('image/')) return { kind: 'failed', reason: `the link answered ${mimeType}, not a picture` };
    return { kind: 'ok', bytes, mimeType };
  } catch (error) {
    return { kind: 'offline', reason: `the picture was cut off: ${(error as Error).message}` };
  }
}

async function bodyText(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, 500);
  } catch {
    return '';
  }
}

/** The envelope's msg when the body is one (the engine says why it cannot draw the page). */
function messageOf(reason: string): string {
  const body = reason.slice(reason.indexOf(':') + 1).trim();
  try {
    const parsed = JSON.parse(body) as { msg?: unknown };
    return typeof parsed.msg === 'string' ? parsed.msg : reason;
  } catch {
    return reason;
  }
}
