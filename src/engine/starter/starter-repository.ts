import type { EngineDeps } from '../engine-deps.js';
import { DEFAULT_REVIEW_MODEL } from '../review/review-tasks.js';
import { completeReferencedFields } from '../review/rule-repos.js';
import { loadCategoryModel, type CategoryModel } from '../store/category-models.js';
import { insertGroup, insertRepo, insertRule } from '../store/review-store.js';

export const STARTER_REPOSITORY_NAME = 'Invoice checks';
const INVOICE_CATEGORY = 'VAT invoice';

interface StarterRule {
  name: string;
  /** Prose for the reader and the cloud service, then the check lines the local engine evaluates. */
  prompt: string;
  riskLevel: 10 | 20 | 30;
  /** Fields of the category, and columns as 'Table.Column', the checks read: the rule's referenced_fields. */
  reads: string[];
}

/**
 * The first-run rules (docs/review-rules.md, "The starter repository"), written against the
 * starter "VAT invoice" category of src/engine/starter/starter-categories.ts. A clerk changes a
 * limit by editing the number in the check line.
 */
export const STARTER_GROUPS: readonly { name: string; rules: readonly StarterRule[] }[] = [
  {
    name: 'Amounts',
    rules: [
      {
        name: 'Amount plus tax equals the total',
        prompt: 'The amount before tax plus the tax must equal the total printed on the invoice.\ncheck: [Amount] + [Tax] = [Total]',
        riskLevel: 10,
        reads: ['Amount', 'Tax', 'Total'],
      },
      {
        name: 'Line items add up to the amount',
        prompt: "The amounts of the invoice's line items must add up to its amount before tax.\ncheck: sum([Line items.Amount]) = [Amount]",
        riskLevel: 10,
        reads: ['Amount', 'Line items.Amount'],
      },
    ],
  },
  {
    name: 'Dates',
    rules: [
      {
        name: 'Invoice date is not in the future',
        prompt: 'An invoice cannot be dated after today.\ncheck: [Invoice date] <= today()',
        riskLevel: 10,
        reads: ['Invoice date'],
      },
      {
        name: 'Invoice is at most 365 days old',
        prompt: 'Invoices older than a year are not accepted; change 365 to the age your policy allows.\ncheck: days_between([Invoice date], today()) <= 365',
        riskLevel: 20,
        reads: ['Invoice date'],
      },
    ],
  },
  {
    name: 'Parties',
    rules: [
      {
        name: 'Seller and buyer tax IDs are valid',
        prompt:
          "The seller's tax ID must be a valid unified social credit code (or an older taxpayer id). The buyer's must be too, unless it is left empty, as on an ordinary invoice to a private person.\n" +
          'check: valid_tax_id([Seller tax ID])\ncheck: [Buyer tax ID] is empty or valid_tax_id([Buyer tax ID])',
        riskLevel: 20,
        reads: ['Seller tax ID', 'Buyer tax ID'],
      },
    ],
  },
  {
    name: 'Duplicates',
    rules: [
      {
        name: 'Invoice not already uploaded',
        prompt:
          'The same invoice must not have been uploaded to this workspace before. A fully digital invoice (a 20-digit number) is known by its number alone; any other by its invoice code and number.\n' +
          'check: if([Invoice number] matches "^\\d{20}$", duplicates_in_workspace([Invoice number]), duplicates_in_workspace([Invoice code], [Invoice number])) = 0',
        riskLevel: 10,
        reads: ['Invoice code', 'Invoice number'],
      },
    ],
  },
];

/** referenced_fields of a rule: the category's ids for the names it reads. */
function referencesOf(category: CategoryModel, reads: readonly string[]) {
  const fieldIds = reads.flatMap((name) => category.fields.filter((f) => f.name === name).map((f) => ({ field_id: f.id })));
  const tables = category.tables.flatMap((table) => {
    const columns = reads.flatMap((name) => table.fields.filter((f) => name === `${table.name}.${f.name}`).map((f) => ({ field_id: f.id })));
    return columns.length > 0 ? [{ table_id: table.id, fields: columns }] : [];
  });
  return completeReferencedFields([category], [{ category_id: category.id, fields: fieldIds, tables }]);
}

/**
 * Adds the starter repository to a workspace, in one transaction. Nothing is added when the
 * workspace has no "VAT invoice" category (the rules would have nothing to check) or already has a
 * repository of that name, so seeding again does no harm.
 */
export function seedStarterRepository(deps: EngineDeps, workspaceId: string): void {
  const category = loadCategoryModel(deps, workspaceId, INVOICE_CATEGORY);
  if (!category) return;
  if (deps.db.prepare('SELECT 1 FROM rule_repos WHERE workspace_id = ? AND name = ?').get(workspaceId, STARTER_REPOSITORY_NAME)) return;
  deps.db.transaction(() => {
    const repoId = insertRepo(deps, workspaceId, STARTER_REPOSITORY_NAME, DEFAULT_REVIEW_MODEL);
    for (const group of STARTER_GROUPS) {
      const groupId = insertGroup(deps, repoId, group.name);
      for (const rule of group.rules) {
        insertRule(deps, repoId, { groupId, name: rule.name, prompt: rule.prompt, categoryIds: [category.id], referencedFields: referencesOf(category, rule.reads), riskLevel: rule.riskLevel });
      }
    }
  })();
}
