import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecognitionStatus, ReviewStatus } from '../../src/shared/api/index.js';
import { until } from '../support/poll.js';
import { useContractRig } from './contract-rig.js';
import { waitForReview, waitForTask } from './engine-process.js';

// The receiver is on loopback, so private addresses are allowed; retries wait 50 ms, then 100 ms.
const rig = useContractRig({ args: ['--allow-private-addresses', '--callback-backoff-ms', '50'] });

interface Received {
  path: string;
  body: { event: string; workspace_id: string; task_id: string; result: Record<string, unknown> };
}

/** What each receiver path does with its n-th request (1-based): answer a status, drop the connection, or hang. */
const behaviour: Record<string, (n: number) => number | 'drop' | 'hang'> = {
  '/ok': () => 204,
  '/drop-first': (n) => (n === 1 ? 'drop' : 200),
  '/always-503': () => 503,
  '/hang': () => 'hang',
};
const received: Received[] = [];
const attempts = new Map<string, number>();
const hanging: ServerResponse[] = [];
let server: Server;
let base: string;
let txt: string;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const n = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, n);
    const body = JSON.parse(await readBody(req)) as Received['body'];
    const action = behaviour[path]?.(n) ?? 404;
    if (action === 'drop') return void req.socket.destroy();
    if (action === 'hang') return void hanging.push(res);
    if (action >= 200 && action < 300) received.push({ path, body });
    res.writeHead(action).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  txt = await rig.writeTemp('invoice.txt', 'INVOICE\nInvoice number 2024-009\nTotal 10.00 EUR\n');
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  // The engine may still be retrying (a new hanging request, or a keep-alive socket): close them all.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function workspaceCalling(path: string, retries: number): Promise<string> {
  const { workspace_id } = await rig.engine.client.workspaces.create({ name: `Callbacks ${path}`, auth_scope: 0 });
  await rig.engine.client.workspaces.update({ workspace_id, name: `Callbacks ${path}`, auth_scope: 0, callback_url: `${base}${path}`, callback_retry_time: retries });
  return workspace_id;
}

async function uploaded(workspaceId: string): Promise<string> {
  const taskId = (await rig.engine.client.files.upload(txt, { workspace_id: workspaceId })).files[0]!.task_id;
  await waitForTask(rig.engine.client, workspaceId, taskId);
  return taskId;
}

const deliveries = (path: string, event: string) => received.filter((r) => r.path === path && r.body.event === event);

describe('workspace callbacks', () => {
  it('POSTs file.processed with the file as file/fetch answers it, and review.finished with the review result', async () => {
    const workspaceId = await workspaceCalling('/ok', 0);
    const taskId = await uploaded(workspaceId);
    const [file] = await until(() => deliveries('/ok', 'file.processed').length > 0 && deliveries('/ok', 'file.processed'), { timeoutMs: 10_000, what: () => 'the file callback' });
    expect(file!.body).toMatchObject({ event: 'file.processed', workspace_id: workspaceId, task_id: taskId, result: { task_id: taskId, recognition_status: RecognitionStatus.success, name: 'invoice.txt' } });

    const { repo_id } = await rig.engine.client.review.repos.create({ workspace_id: workspaceId, name: 'Callback repo' });
    const { group_id } = await rig.engine.client.review.groups.create({ workspace_id: workspaceId, repo_id, name: 'Totals' });
    await rig.engine.client.review.rules.create({ workspace_id: workspaceId, repo_id, group_id, name: 'Total', prompt: 'The total is positive' });
    const review = await rig.engine.client.review.tasks.submit({ workspace_id: workspaceId, name: 'Callback review', repo_id, extract_task_ids: [taskId] });
    const finished = await waitForReview(rig.engine.client, workspaceId, review.task_id);
    expect([ReviewStatus.approved, ReviewStatus.failed]).toContain(finished.status);
    const [done] = await until(() => deliveries('/ok', 'review.finished').length > 0 && deliveries('/ok', 'review.finished'), { timeoutMs: 10_000, what: () => 'the review callback' });
    expect(done!.body).toMatchObject({ event: 'review.finished', workspace_id: workspaceId, task_id: review.task_id, result: { task_id: review.task_id, status: finished.status, task_name: 'Callback review' } });
  });

  it('tries again after a refused first attempt, and delivers once', async () => {
    const workspaceId = await workspaceCalling('/drop-first', 2);
    await uploaded(workspaceId);
    await until(() => deliveries('/drop-first', 'file.processed').length > 0, { timeoutMs: 10_000, what: () => 'the retried callback' });
    expect(attempts.get('/drop-first')).toBe(2);
    expect(deliveries('/drop-first', 'file.processed')).toHaveLength(1);
  });

  it('stops after callback_retry_time retries', async () => {
    const workspaceId = await workspaceCalling('/always-503', 1);
    await uploaded(workspaceId);
    await until(() => attempts.get('/always-503') === 2, { timeoutMs: 10_000, what: () => 'two attempts' });
    // Twice the waits the engine would take for one more retry: none comes.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(attempts.get('/always-503')).toBe(2);
  });

  it('never holds up processing: a receiver that does not answer leaves the next file to finish', async () => {
    const workspaceId = await workspaceCalling('/hang', 0);
    await uploaded(workspaceId);
    await uploaded(workspaceId);
    expect(attempts.get('/hang')).toBeGreaterThanOrEqual(1);
  });
});
