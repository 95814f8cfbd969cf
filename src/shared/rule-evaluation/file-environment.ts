import type { ReviewFile } from './review-file.js';
import { originOf, readField, type FieldRead } from './field-values.js';
import type { NodeOf } from '../rule-language/ast.js';
import { CheckEvalError } from '../rule-language/check-eval-error.js';
import type { CheckEnvironment } from '../rule-language/functions.js';
import type { DocumentLineRef } from '../rule-language/values.js';
import { categoryOf, type ReviewContext } from './review-context.js';
import type { ValueUse } from './value-use.js';

/** What one check run on one file read, in the order it read it. */
export interface FileEnvironment {
  env: CheckEnvironment;
  uses: ValueUse[];
}

const label = (node: NodeOf<'field'>) => (node.table === undefined ? node.name : `${node.table}.${node.name}`);

/** The rule language's view of one file: its category's fields, its text, and the workspace around it. */
export function fileEnvironment(file: ReviewFile, context: ReviewContext): FileEnvironment {
  const uses: ValueUse[] = [];
  const record = (found: readonly ValueUse[]) => uses.push(...found.filter((u) => !uses.some((known) => sameUse(known, u))));

  const read = (node: NodeOf<'field'>): FieldRead => {
    const category = categoryOf(file, context);
    if (!category) {
      throw new CheckEvalError(file.category === '' ? `'${file.name}' has no category, so it has no field ${label(node)}` : `the category '${file.category}' of '${file.name}' no longer exists`);
    }
    const found = readField(file, category, node);
    record(found.uses);
    return found;
  };

  const env: CheckEnvironment = {
    field: (node) => read(node).value,
    document: () => {
      if (!file.document) throw new CheckEvalError(`the recognized text of '${file.name}' is not available`);
      const lines: DocumentLineRef[] = file.document.pages.flatMap((page, p) => page.lines.map((l) => ({ text: l.text, page: p, vertices: l.position })));
      return { type: 'text', text: lines.map((l) => l.text).join('\n'), lines };
    },
    today: () => context.today,
    duplicates: (nodes) => duplicates(file, context, nodes, read, record),
    documentLine: (line) => record([{ origin: originOf(file), label: `document text, page ${line.page + 1}`, text: line.text, source: 'ocr', position: [{ page: line.page, vertices: line.vertices }] }]),
  };
  return { env, uses };
}

/** duplicates_in_workspace: the file's values of the fields, looked for on earlier uploads, which are recorded as used. */
function duplicates(file: ReviewFile, context: ReviewContext, nodes: readonly NodeOf<'field'>[], read: (node: NodeOf<'field'>) => FieldRead, record: (uses: readonly ValueUse[]) => void) {
  const wanted = nodes.map((node) => {
    const { fieldName, value } = read(node);
    if (value.type !== 'text' && value.type !== 'empty') throw new CheckEvalError(`[${label(node)}] is not one text, so other documents with the same value cannot be looked for`);
    return { key: fieldName, text: value.type === 'text' ? value.text : '' };
  });
  if (wanted.every((w) => w.text === '')) {
    throw new CheckEvalError(`${nodes.map((n) => `[${label(n)}]`).join(' and ')} ${nodes.length > 1 ? 'are' : 'is'} empty, so other documents with the same value cannot be looked for`);
  }
  const hits = context.duplicatesOf(file, wanted);
  for (const hit of hits) {
    const origin = { fileId: hit.fileId, taskId: hit.taskId, name: hit.name, category: hit.category };
    record(hit.values.map((v) => ({ origin, label: `${v.key} in '${hit.name}'`, text: v.text, fieldName: v.key, source: 'extract_field' as const, position: v.position })));
  }
  const what = wanted.map((w) => `${w.key} ${w.text === '' ? '(empty)' : `"${w.text}"`}`).join(' and ');
  const where = hits.map((h) => `'${h.name}' (task ${h.taskId})`).join(', ');
  const note = hits.length === 0 ? `no document uploaded to the workspace before this one has ${what}` : `${what} already on ${hits.length} document(s) uploaded before this one: ${where}`;
  return { count: hits.length, note };
}

function sameUse(a: ValueUse, b: ValueUse): boolean {
  return a.origin.fileId === b.origin.fileId && a.label === b.label && a.text === b.text;
}
