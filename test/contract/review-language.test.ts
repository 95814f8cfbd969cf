import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReviewStatus, type FileRecord, type ReviewTaskResult, type RuleCreateBody } from '../../src/shared/api/index.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { isoDay } from '../support/iso-day.js';
import { useContractRig } from './contract-rig.js';
import { waitForReview, waitForTask } from './engine-process.js';

// The rule language over real HTTP: rules created, test-run and reviewed by the engine process
// against invoices it extracted itself from text PDFs.

const UNEVALUABLE = "The local engine found no check expression it can evaluate in this rule's prompt; this rule needs the cloud review service.";
const FIELDS = ['Invoice number', 'Invoice date', 'Seller name', 'Seller tax ID', 'Buyer tax ID', 'Amount', 'Tax', 'Total', 'Note'];

const rig = useContractRig();
let invoices: { id: string; name: string };
let receiptsId: string;
let good: FileRecord;
let bad: FileRecord;
let repo: { repoId: string; groupId: string };
let counter = 0;

function invoiceLines(values: Record<string, string>): string[] {
  const table = ['Item                    Quantity            Amount', 'Paper                   10                  500.00', 'Toner                   2                   600.00'];
  return ['VAT INVOICE', ...FIELDS.filter((f) => values[f] !== undefined).map((f) => `${f}: ${values[f]}`), ...table];
}

async function upload(name: string, values: Record<string, string>, category = invoices.name): Promise<FileRecord> {
  const path = await rig.writeTemp(name, await makeTextPdf([invoiceLines(values)]));
  const { files } = await rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId, category });
  const file = await waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id);
  expect(file.recognition_status).toBe(1);
  return file;
}

const GOOD = {
  'Invoice number': '04412345',
  'Invoice date': isoDay(-30),
  'Seller name': 'Fujian Example Trading Co., Ltd.',
  'Seller tax ID': '91350100M000100Y43',
  Amount: '1,100.00',
  Tax: '143.00',
  Total: '1,243.00',
  Note: 'PO-7781',
};

/** Same number as the good one (uploaded later), dated ahead, a broken tax id, an amount off its lines, a total off its parts. */
const BAD = {
  'Invoice number': '04412345',
  'Invoice date': isoDay(30),
  'Seller name': 'Example Trading',
  'Seller tax ID': '91350100M000100Y44',
  'Buyer tax ID': '12345',
  Amount: '1,150.00',
  Tax: '143.00',
  Total: '1,300.00',
};

beforeAll(async () => {
  const sample = await rig.writeTemp('sample.txt', 'VAT INVOICE\nInvoice number: 1\nTotal: 2\n');
  const name = 'Checked invoices';
  const tables = [{ name: 'Line items', fields: [{ name: 'Item' }, { name: 'Quantity' }, { name: 'Amount' }] }];
  const created = await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name, fields: FIELDS.map((f) => ({ name: f })), tables, sampleFiles: [sample] });
  invoices = { id: created.category_id, name };
  receiptsId = (await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Checked receipts', fields: [{ name: 'Paid' }], sampleFiles: [sample] })).category_id;
  good = await upload('good.pdf', GOOD);
  bad = await upload('bad.pdf', BAD);
  const { repo_id } = await rig.engine.client.review.repos.create({ workspace_id: rig.workspaceId, name: 'Language' });
  const { group_id } = await rig.engine.client.review.groups.create({ workspace_id: rig.workspaceId, repo_id, name: 'Checks' });
  repo = { repoId: repo_id, groupId: group_id };
}, 90_000);

async function newRule(prompt: string, extra: Partial<RuleCreateBody> = {}): Promise<string> {
  const body = { workspace_id: rig.workspaceId, repo_id: repo.repoId, group_id: repo.groupId, name: `Rule ${++counter}`, prompt, category_ids: [invoices.id], ...extra };
  return (await rig.engine.client.review.rules.create(body)).rule_id;
}

const testRun = (ruleId: string, file: FileRecord) => rig.engine.client.review.rules.testRun({ ruleIdNo: ruleId, executeTaskIdList: [file.task_id] });

/** pass, failure or error, as the test-run tells it. */
async function verdictOn(ruleId: string, file: FileRecord): Promise<string> {
  const run = await testRun(ruleId, file);
  return run.eval ? (run.evalResult ? 'pass' : 'failure') : `error: ${run.evalOutput}`;
}

const fieldOf = (file: FileRecord, key: string) => file.data!.fields.find((f) => f.key === key)!;
const rulesById = (result: ReviewTaskResult) => new Map(result.groups.flatMap((g) => g.review_tasks).map((r) => [r.rule_id, r]));

/** Every operator and function, on the good invoice and the bad one: [check, verdict on good, verdict on bad]. */
const EXPRESSIONS: readonly [string, string, string][] = [
  ['[Amount] + [Tax] = [Total]', 'pass', 'failure'],
  ['[Total] - [Tax] != [Amount]', 'failure', 'pass'],
  ['[Amount] * 0.13 = [Tax]', 'pass', 'failure'],
  ['[Tax] / [Amount] < 13%', 'failure', 'pass'],
  ['[Total] > 1250', 'failure', 'pass'],
  ['[Total] >= 1243', 'pass', 'pass'],
  ['[Amount] <= 1100', 'pass', 'failure'],
  ['-[Tax] = -143', 'pass', 'pass'],
  ['[Amount] > 0 and [Total] < 1250', 'pass', 'failure'],
  ['[Total] < 1000 or [Note] is not empty', 'pass', 'failure'],
  ['not [Buyer tax ID] is not empty', 'pass', 'failure'],
  ['[Note] is empty', 'failure', 'pass'],
  ['[Seller name] contains "trading co"', 'pass', 'failure'],
  ['[Seller name] not contains "Ltd"', 'failure', 'pass'],
  ['[Seller name] matches "Ltd\\.$"', 'pass', 'failure'],
  ['[Seller name] not matches "^Fujian"', 'failure', 'pass'],
  ['number([Total]) = 1243', 'pass', 'failure'],
  ['date([Invoice date]) < today()', 'pass', 'failure'],
  ['days_between([Invoice date], today()) = 30', 'pass', 'failure'],
  ['add_days([Invoice date], 30) = today()', 'pass', 'failure'],
  ['year(add_days([Invoice date], 30)) = year(today()) and month(add_days([Invoice date], 30)) = month(today()) and day(add_days([Invoice date], 30)) = day(today())', 'pass', 'failure'],
  ['abs([Amount] + [Tax] - [Total]) <= 0.01', 'pass', 'failure'],
  ['round([Amount] * 0.13, 2) = [Tax]', 'pass', 'failure'],
  ['len([Buyer tax ID]) = 0', 'pass', 'failure'],
  ['contains([Note], "po-")', 'pass', 'failure'],
  ['matches([Invoice number], "^\\d{8}$")', 'pass', 'pass'],
  ['starts_with([Seller name], "fujian")', 'pass', 'failure'],
  ['ends_with([Seller name], "LTD.")', 'pass', 'failure'],
  ['empty([Buyer tax ID])', 'pass', 'failure'],
  ['if([Note] is empty, 0, 1) = 1', 'pass', 'failure'],
  ['sum([Line items.Amount]) = [Amount]', 'pass', 'failure'],
  ['sum(column("Line items", "Amount")) = field("Amount")', 'pass', 'failure'],
  ['avg([Line items.Amount]) = 550', 'pass', 'pass'],
  ['count([Line items]) = 2 and count([Line items.Quantity]) = 2', 'pass', 'pass'],
  ['min([Line items.Amount]) = 500 and max([Line items.Amount]) = 600', 'pass', 'pass'],
  ['max([Amount], [Tax]) = [Amount]', 'pass', 'pass'],
  ['valid_tax_id([Seller tax ID])', 'pass', 'failure'],
  ['duplicates_in_workspace([Invoice number]) = 0', 'pass', 'failure'],
  ['document() contains "vat invoice"', 'pass', 'pass'],
];

describe('the rule language over the engine', () => {
  it.each(EXPRESSIONS)('%s: %s on the good invoice, %s on the bad one', async (check, onGood, onBad) => {
    const ruleId = await newRule(`Checked by the local engine.\ncheck: ${check}`);
    expect([await verdictOn(ruleId, good), await verdictOn(ruleId, bad)]).toEqual([onGood, onBad]);
  });

  it('cannot decide with an empty value, a missing field, a check it cannot read or prose alone, and says why', async () => {
    expect(await verdictOn(await newRule('check: [Buyer tax ID] > 0'), good)).toContain('`[Buyer tax ID]` is empty, not a number');
    expect(await verdictOn(await newRule('check: [Discount] > 0'), good)).toContain("category 'Checked invoices' has no field 'Discount': it may have been renamed or deleted");
    expect(await verdictOn(await newRule('Totals\ncheck: [Amount] + * [Tax]'), good)).toBe(
      'error: Check 1 on line 2 of the prompt (`[Amount] + * [Tax]`) cannot be read: at character 12: expected a value, found \'*\'.',
    );
    expect(await verdictOn(await newRule('The total is the amount plus the tax.'), good)).toBe(`error: ${UNEVALUABLE}`);
  });
});

describe('POST /review/runRule with the rule language', () => {
  it('answers the verdict, the reasoning and highlights on the boxes of the values used', async () => {
    const ruleId = await newRule('check: [Amount] + [Tax] = [Total]');
    const run = await testRun(ruleId, bad);
    expect(run).toMatchObject({ reviewRuleIdNo: ruleId, reviewRuleVersion: 1, processStatus: ReviewStatus.failed, eval: true, evalResult: false, bindingTaskIds: [bad.task_id] });
    expect(run.evalOutput).toBe(
      "'bad.pdf': check `[Amount] + [Tax] = [Total]` does not hold: `[Amount] + [Tax]` is 1293.00; `[Total]` is 1300.00. Values used: Amount \"1,150.00\", Tax \"143.00\", Total \"1,300.00\".",
    );
    expect(run.thinkOutput).toBe(`Applied to: 'bad.pdf' (task ${bad.task_id}, category 'Checked invoices').`);
    expect(run.duration).toBeGreaterThanOrEqual(0);
    expect(run.resultHighlights).toEqual(
      ['Amount', 'Tax', 'Total'].map((key) => {
        const field = fieldOf(bad, key);
        const start = run.evalOutput!.indexOf(`${key} "${field.value}"`) + key.length + 2;
        return { fileId: bad.id, taskId: bad.task_id, text: field.value, position: field.position[0]!.vertices, page: field.position[0]!.page, angel: 0, startPos: start, endPos: start + field.value.length };
      }),
    );
    expect((await testRun(ruleId, good)).evalResult).toBe(true);
  });
});

describe('review tasks with the rule language', () => {
  it('counts pass, failure, error and not triggered, and anchors each value on its box in /file/fetch', async () => {
    const { repo_id } = await rig.engine.client.review.repos.create({ workspace_id: rig.workspaceId, name: 'Statistics' });
    const { group_id } = await rig.engine.client.review.groups.create({ workspace_id: rig.workspaceId, repo_id, name: 'All' });
    const rule = (prompt: string, category = invoices.id) => newRule(prompt, { repo_id, group_id, category_ids: [category] });
    const sums = await rule('check: [Amount] + [Tax] = [Total]');
    const taxIds = await rule('check: valid_tax_id([Seller tax ID])');
    const tax = await rule('check: [Tax] = 143');
    const prose = await rule('The seller is a supplier we know.');
    const receipts = await rule('check: [Paid] > 0', receiptsId);
    const { task_id } = await rig.engine.client.review.tasks.submit({ workspace_id: rig.workspaceId, name: 'Both invoices', repo_id, extract_task_ids: [good.task_id, bad.task_id] });
    const result = await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    expect(result.status).toBe(ReviewStatus.failed);
    expect(result.statistics).toEqual({ pass_count: 1, failure_count: 2, error_count: 1, not_triggered_count: 1 });
    const rules = rulesById(result);
    expect([sums, taxIds, tax, prose, receipts].map((id) => rules.get(id)!.review_result)).toEqual([2, 2, 1, 7, 1]);
    expect(rules.get(prose)!.reasoning).toBe(UNEVALUABLE);
    expect(rules.get(receipts)!.reasoning).toContain('Not triggered');

    const judged = rules.get(sums)!;
    expect(judged.reasoning!.split('\n')[0]).toBe('2 files checked: 1 passed, 1 failed, 0 could not be checked.');
    const [fetchedGood, fetchedBad] = [await waitForTask(rig.engine.client, rig.workspaceId, good.task_id), await waitForTask(rig.engine.client, rig.workspaceId, bad.task_id)];
    const expected = [fetchedGood, fetchedBad].flatMap((file) =>
      ['Amount', 'Tax', 'Total'].map((key) => ({
        file_id: file.id,
        extract_task_id: file.task_id,
        field_name: key,
        text: fieldOf(file, key).value,
        page: fieldOf(file, key).position[0]!.page,
        vertices: fieldOf(file, key).position[0]!.vertices,
        source: 'extract_field',
        file_category: 'Checked invoices',
      })),
    );
    expect(judged.anchors!.map(({ start_pos: _s, end_pos: _e, ...rest }) => rest)).toEqual(expected);
    for (const anchor of judged.anchors!) expect(judged.reasoning!.slice(anchor.start_pos, anchor.end_pos)).toBe(anchor.text);
  });

  it('anchors table cells and document lines on their boxes', async () => {
    const ruleId = await newRule('check: sum([Line items.Amount]) = [Amount] and document() contains "VAT INVOICE"');
    const run = await testRun(ruleId, good);
    const fetched = await waitForTask(rig.engine.client, rig.workspaceId, good.task_id);
    const rows = fetched.data!.tables.find((t) => t.tableName === 'Line items')!.items;
    const amountCells = rows.map((row) => row.find((c) => c.key === 'Amount')!);
    const title = fetched.document!.pages[0]!.lines.find((l) => l.text === 'VAT INVOICE')!;
    expect(run.resultHighlights.map((h) => [h.text, h.position])).toEqual([...amountCells.map((c) => [c.value, c.position[0]!.vertices]), ['1,100.00', fieldOf(fetched, 'Amount').position[0]!.vertices], ['VAT INVOICE', title.position]]);
  });

  it('finds the duplicate on the earlier upload and anchors the value there', async () => {
    const ruleId = await newRule('check: duplicates_in_workspace([Invoice number]) = 0');
    const run = await testRun(ruleId, bad);
    expect(run.evalOutput).toContain(`Invoice number "04412345" already on 1 document(s) uploaded before this one: 'good.pdf' (task ${good.task_id})`);
    expect(run.resultHighlights).toContainEqual(expect.objectContaining({ fileId: good.id, taskId: good.task_id, position: fieldOf(good, 'Invoice number').position[0]!.vertices }));
  });

  it('gives the new verdict when one rule is retried after the file was corrected', async () => {
    const file = await upload('fixable.pdf', { ...GOOD, 'Invoice number': '99000001', Total: '1,234.00' });
    const { repo_id } = await rig.engine.client.review.repos.create({ workspace_id: rig.workspaceId, name: 'Corrections' });
    const { group_id } = await rig.engine.client.review.groups.create({ workspace_id: rig.workspaceId, repo_id, name: 'All' });
    const sums = await newRule('check: [Amount] + [Tax] = [Total]', { repo_id, group_id });
    const note = await newRule('check: [Note] = "PO-7781"', { repo_id, group_id });
    const { task_id } = await rig.engine.client.review.tasks.submit({ workspace_id: rig.workspaceId, name: 'Before correction', repo_id, extract_task_ids: [file.task_id] });
    expect(rulesById(await waitForReview(rig.engine.client, rig.workspaceId, task_id)).get(sums)!.review_result).toBe(2);

    const corrected = { key: 'Total', value: '1,243.00', position: [{ page: 0, vertices: [10, 20, 110, 20, 110, 40, 10, 40] }] };
    const fields = file.data!.fields.map((f) => (f.key === 'Total' ? corrected : { key: f.key, value: f.value, position: f.position }));
    await rig.engine.client.files.update([{ workspace_id: rig.workspaceId, file_id: file.id, data: { fields, items: [] } }]);
    await rig.engine.client.review.rules.update({ workspace_id: rig.workspaceId, rule_id: note, prompt: 'check: [Note] = "changed, not retried"' });
    await rig.engine.client.review.tasks.retryRule({ workspace_id: rig.workspaceId, task_id, rule_id: sums });

    const after = await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    expect(after.status).toBe(ReviewStatus.approved);
    const retried = rulesById(after).get(sums)!;
    expect(retried).toMatchObject({ review_result: 1, reasoning: expect.stringContaining('holds: `[Amount] + [Tax]` is 1243.00; `[Total]` is 1243.00') });
    expect(retried.anchors!.find((a) => a.field_name === 'Total')).toMatchObject({ text: '1,243.00', vertices: corrected.position[0]!.vertices });
    expect(rulesById(after).get(note)).toMatchObject({ review_result: 1, prompt: 'check: [Note] = "PO-7781"' });
  });

  it('fails a rule clearly, without crashing, when a table it refers to was deleted from the category', async () => {
    const sample = join(rig.dir, 'sample.txt');
    const name = 'Disposable invoices';
    const tables = [{ name: 'Line items', fields: [{ name: 'Item' }, { name: 'Quantity' }, { name: 'Amount' }] }];
    const { category_id } = await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name, fields: [{ name: 'Amount' }], tables, sampleFiles: [sample] });
    const file = await upload('disposable.pdf', { 'Invoice number': '77000001', Amount: '1,100.00' }, name);
    const listed = await rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id });
    const table = listed.tables[0]!;
    const ruleId = await newRule('check: sum([Line items.Amount]) = [Amount]', {
      category_ids: [category_id],
      referenced_fields: [{ category_id, fields: [{ field_id: listed.fields[0]!.id }], tables: [{ table_id: table.id, fields: table.fields.filter((f) => f.name === 'Amount').map((f) => ({ field_id: f.id })) }] }],
    });
    expect(await verdictOn(ruleId, file)).toBe('pass');
    await rig.engine.client.categories.tablesDelete({ workspace_id: rig.workspaceId, category_id, table_ids: [table.id] });
    expect(await verdictOn(ruleId, file)).toBe(
      "error: 'disposable.pdf': could not be checked: the fields this rule refers to have changed since it was written: table 'Line items' no longer exists in category 'Disposable invoices'.",
    );
    const unreferenced = await newRule('check: sum([Line items.Amount]) = [Amount]', { category_ids: [category_id] });
    expect(await verdictOn(unreferenced, file)).toContain("category 'Disposable invoices' has no field 'Line items.Amount': it may have been renamed or deleted");
  });
});

describe('review models', () => {
  it.each(['alpha-v4-pro', 'beta3.6-plus', 'beta3.7-max', 'ORM-O1'] as const)('accepts and records %s', async (model) => {
    const ruleId = await newRule('check: [Tax] = 143');
    const { task_id, model: answered } = await rig.engine.client.review.tasks.submit({ workspace_id: rig.workspaceId, name: `Model ${model}`, repo_id: repo.repoId, extract_task_ids: [good.task_id], model });
    expect(answered).toBe(model);
    const result = await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    expect(result.model).toBe(model);
    expect(rulesById(result).get(ruleId)!.review_result).toBe(1);
  });
});
