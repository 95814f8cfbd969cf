import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/shared/api/index.js';
import { useContractRig } from './contract-rig.js';
import { waitForReview, waitForTask } from './engine-process.js';

const rig = useContractRig();
const HOSTILE_NAME = '<img src=x onerror=alert(1)>.txt';
const HOSTILE_FIELD = '<b onclick=alert(3)>Total';
let taskId: string;

beforeAll(async () => {
  const path = await rig.writeTemp('hostile.txt', 'INVOICE\nTotal 118.00 <script>alert(2)</script>\n');
  await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Hostile', fields: [{ name: HOSTILE_FIELD }], sampleFiles: [path] });
  taskId = (await rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId, category: 'Hostile' }, { fileName: HOSTILE_NAME })).files[0]!.task_id;
  await waitForTask(rig.engine.client, rig.workspaceId, taskId);
}, 60_000);

describe('GET /auth/token', () => {
  it('answers a token valid one day', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { token, expiry } = await rig.engine.client.auth.token();
    expect(token.length).toBeGreaterThan(20);
    expect(expiry - before).toBeGreaterThanOrEqual(24 * 3600 - 5);
    expect(expiry - before).toBeLessThanOrEqual(24 * 3600 + 5);
  });

  it('needs the app id and secret, and its token opens no API route', async () => {
    const unauthenticated = await fetch(`${rig.engine.origin}${API_PREFIX}/auth/token`);
    expect(unauthenticated.status).toBe(401);
    const { token } = await rig.engine.client.auth.token();
    const withToken = await fetch(`${rig.engine.origin}${API_PREFIX}/workspace/list?token=${token}`, { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(401);
  });
});

describe('task detail pages', () => {
  async function fileDetailUrl(): Promise<string> {
    const { files } = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: taskId, with_task_detail_url: true });
    return files[0]!.task_detail_url!;
  }

  it('opens a file page with a token, escaping every text of the document and its name under a strict CSP', async () => {
    const url = await fileDetailUrl();
    expect(url.startsWith(`${rig.engine.origin}/task-detail/file?`)).toBe(true);
    const { token } = await rig.engine.client.auth.token();
    const page = await fetch(`${url}&token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.txt');
    expect(html).toContain('&lt;b onclick=alert(3)&gt;Total');
    // Markup only as text: no tag of the document's or the names' reaches the page.
    expect(html).not.toMatch(/<script|<img|<b[\s>]/i);
  });

  it('refuses a page without a token, with an altered one, or of a task that does not exist', async () => {
    const url = await fileDetailUrl();
    const { token } = await rig.engine.client.auth.token();
    for (const tail of ['', `&token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, '&token=9999999999.x']) {
      const page = await fetch(`${url}${tail}`);
      expect(page.status).toBe(401);
      expect(((await page.json()) as { code: number }).code).toBe(40104);
    }
    const missing = await fetch(`${rig.engine.origin}/task-detail/file?workspace_id=${rig.workspaceId}&task_id=1234567890123456789&token=${token}`);
    expect(missing.status).toBe(404);
  });

  it("opens a review task's page from the link /review/task/result answers", async () => {
    const { repo_id } = await rig.engine.client.review.repos.create({ workspace_id: rig.workspaceId, name: 'Detail repo' });
    const { group_id } = await rig.engine.client.review.groups.create({ workspace_id: rig.workspaceId, repo_id, name: '<b>Totals</b>' });
    await rig.engine.client.review.rules.create({ workspace_id: rig.workspaceId, repo_id, group_id, name: 'Total "quoted" & checked', prompt: 'The total is positive' });
    const { task_id } = await rig.engine.client.review.tasks.submit({ workspace_id: rig.workspaceId, name: 'Detail review', repo_id, extract_task_ids: [taskId] });
    await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    const result = await rig.engine.client.review.tasks.result({ workspace_id: rig.workspaceId, task_id, with_task_detail_url: true });
    expect(result.task_detail_url).toMatch(/\/task-detail\/review\?/);
    const { token } = await rig.engine.client.auth.token();
    const html = await (await fetch(`${result.task_detail_url}&token=${token}`)).text();
    expect(html).toContain('&lt;b&gt;Totals&lt;/b&gt;');
    expect(html).toContain('Total &quot;quoted&quot; &amp; checked');
  });
});
