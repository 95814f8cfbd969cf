// The published routes from the desk, in Chromium through `npm run serve`'s web host and its local engine:
// a workspace created, renamed and deleted from its card, and one field of a category renamed alone
// (through the field route: the category's other fields and its tables stay as the engine had them), and
// a rule repository renamed and deleted with one of its groups, and files added from links, which the desk's
// engine refuses to fetch from this computer.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocketClient } from '../../src/main/core/api/index.js';
import { until } from '../support/poll';
import { deskEngineClient, useDesk } from './desk';

const STEP_MS = 300_000;

const desk = useDesk('docket-e2e-ws-');
let page: Page;
let engine: DocketClient;

const workspaceNames = async () => (await engine.workspaces.list({ page_size: 100 })).workspaces.map((w) => w.name);
const card = (name: string) => page.getByTestId('workspace').filter({ has: page.locator('strong', { hasText: name }) });

beforeAll(async () => {
  page = desk.page;
  await page.goto(desk.host.url);
  await until(async () => /在线|Online/.test(await page.getByTestId('status-connection').innerText()), { timeoutMs: 120_000, what: 'the desk online' });
  await page.getByTestId('language-switch').selectOption('en');
  engine = await deskEngineClient(page);
}, STEP_MS);

describe('workspaces and category fields from the desk', () => {
  it('creates, renames and deletes a workspace from its card', async () => {
    await page.getByTestId('nav-workspaces').click();
    const form = page.locator('form', { hasText: 'New workspace' });
    await form.locator('input').first().fill('Scratch desk');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(workspaceNames, { timeout: 20_000 }).toContain('Scratch desk');
    await expect.poll(() => card('Scratch desk').count(), { timeout: 20_000 }).toBe(1);

    const scratch = card('Scratch desk');
    await scratch.locator('input').first().fill('Renamed desk');
    await scratch.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(workspaceNames, { timeout: 20_000 }).toContain('Renamed desk');
    expect(await workspaceNames()).not.toContain('Scratch desk');
    await expect.poll(() => card('Renamed desk').count(), { timeout: 20_000 }).toBe(1);

    const renamed = card('Renamed desk');
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await renamed.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(workspaceNames, { timeout: 20_000 }).not.toContain('Renamed desk');
    await expect.poll(() => card('Renamed desk').count(), { timeout: 20_000 }).toBe(0);
  }, STEP_MS);

  it('renames one field of a category and leaves the rest of the category as the engine had it', async () => {
    const workspaceId = (await engine.workspaces.list({})).workspaces[0]!.workspace_id;
    const [category] = (await engine.categories.list({ workspace_id: workspaceId, page_size: 100 })).categories;
    const ref = { workspace_id: workspaceId, category_id: category!.id };
    const before = await engine.categories.fieldsList(ref);
    const field = before.fields[0]!;

    await page.getByTestId('nav-categories').click();
    const categoryCard = page.getByTestId('category').filter({ has: page.locator('strong', { hasText: category!.name }) }).first();
    await categoryCard.locator('summary').click();
    await categoryCard.getByTestId('category-field').first().getByRole('button', { name: 'Edit field' }).click();
    const editor = categoryCard.getByTestId('field-editor');
    await editor.locator('input').first().fill(`${field.name} (checked)`);
    await editor.getByRole('button', { name: 'Save' }).click();

    await expect.poll(async () => (await engine.categories.fieldsList(ref)).fields[0]!.name, { timeout: 30_000 }).toBe(`${field.name} (checked)`);
    const after = await engine.categories.fieldsList(ref);
    expect(after.fields[0]).toEqual({ ...field, name: `${field.name} (checked)` });
    expect(after.fields.slice(1)).toEqual(before.fields.slice(1));
    expect(after.tables).toEqual(before.tables);
    await expect.poll(() => categoryCard.getByTestId('category-field').first().innerText(), { timeout: 20_000 }).toContain(`${field.name} (checked)`);
  }, STEP_MS);

  it('renames and deletes a rule repository, and deletes one of its groups', async () => {
    const workspaceId = (await engine.workspaces.list({})).workspaces[0]!.workspace_id;
    const repoNames = async () => (await engine.review.repos.list({ workspace_id: workspaceId, page_size: 100 })).repos.map((r) => r.name);
    await page.getByTestId('nav-review').click();
    await page.getByTestId('review-rules-tab').click();
    await page.getByPlaceholder('New repository').fill('Month end');
    await page.getByRole('button', { name: 'New repository' }).click();
    const repo = page.getByTestId('rule-repo').filter({ has: page.locator('h2', { hasText: 'Month end' }) });
    await expect.poll(() => repo.count(), { timeout: 20_000 }).toBe(1);
    for (const group of ['Totals', 'Dates']) {
      // The form empties itself once the previous creation has been answered.
      await expect.poll(() => repo.getByPlaceholder('New group').inputValue(), { timeout: 20_000 }).toBe('');
      await repo.getByPlaceholder('New group').fill(group);
      await repo.getByRole('button', { name: 'New group' }).click();
      await expect.poll(() => repo.locator('h3', { hasText: group }).count(), { timeout: 20_000 }).toBe(1);
    }

    await repo.locator('h2').getByRole('button', { name: 'Rename' }).click();
    // The heading has become the rename form: the card is found by that form now.
    const renaming = page.getByTestId('rule-repo').filter({ has: page.getByPlaceholder('Rename') });
    await renaming.getByPlaceholder('Rename').fill('Quarter end');
    await renaming.getByPlaceholder('Rename').press('Enter');
    await expect.poll(repoNames, { timeout: 20_000 }).toEqual(expect.arrayContaining(['Quarter end']));
    const renamed = page.getByTestId('rule-repo').filter({ has: page.locator('h2', { hasText: 'Quarter end' }) });
    await expect.poll(() => renamed.count(), { timeout: 20_000 }).toBe(1);

    await renamed.locator('.rule-group', { hasText: 'Totals' }).getByRole('button', { name: 'Delete this group and its rules' }).click();
    const groupsOf = async () => {
      const repoId = (await engine.review.repos.list({ workspace_id: workspaceId, page_size: 100 })).repos.find((r) => r.name === 'Quarter end')!.repo_id;
      return (await engine.review.repos.get({ workspace_id: workspaceId, repo_id: repoId })).groups.map((g) => g.name);
    };
    await expect.poll(groupsOf, { timeout: 20_000 }).toEqual(['Dates']);

    await renamed.getByRole('button', { name: 'Delete this repository and its rules' }).click();
    await expect.poll(repoNames, { timeout: 20_000 }).not.toContain('Quarter end');
    await expect.poll(() => renamed.count(), { timeout: 20_000 }).toBe(0);
  }, STEP_MS);

  it('adds files from links: the desk\'s engine refuses a link to this computer with a cause the clerk can read', async () => {
    const workspaceId = (await engine.workspaces.list({})).workspaces[0]!.workspace_id;
    await page.getByTestId('nav-intake').click();
    // Nothing listens there: the engine refuses the address before connecting, as it refuses any loopback or private one by default.
    await page.getByTestId('link-input').fill('http://127.0.0.1:9/statement.pdf\nhttp://192.168.0.10/scan.png');
    await page.getByTestId('link-panel').getByRole('button', { name: 'Add from link' }).click();
    await expect.poll(() => page.getByTestId('link-panel').innerText(), { timeout: 20_000 }).toMatch(/2 links sent as batch (\S+)/);
    const batch = /batch (\S+):/.exec(await page.getByTestId('link-panel').innerText())![1]!;
    const { files } = await engine.files.fetch({ workspace_id: workspaceId, batch_number: batch });
    expect(files?.map((f) => [f.name, f.recognition_status]).sort()).toEqual([['scan.png', 2], ['statement.pdf', 2]]);
    for (const file of files ?? []) expect(file.failure_causes).toMatch(/is this computer or a private network, which the engine does not connect to/);
  }, STEP_MS);
});
