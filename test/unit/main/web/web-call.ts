import type { WebHost } from '../../../../src/main/web/web-host.js';
import { decodeWireJson } from '../../../../src/shared/ipc/json-wire.js';

/** One contract call over the web host's HTTP transport, as the renderer's bridge makes it. */
export async function callOverWeb<T = Record<string, unknown>>(host: Pick<WebHost, 'origin' | 'token'>, channel: string, args: unknown = {}): Promise<T> {
  const response = await fetch(`${host.origin}/ipc/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json', origin: host.origin },
    body: JSON.stringify({ args }),
  });
  const answer = decodeWireJson(await response.text()) as { ok: boolean; value?: T; error?: unknown };
  if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
  return answer.value!;
}
