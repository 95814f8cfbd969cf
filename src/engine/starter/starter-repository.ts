import type { EngineDeps } from '../engine-deps.js';
import { DEFAULT_REVIEW_MODEL } from '../review/review-tasks.js';
import { completeReferencedFields } from '../review/rule-repos.js';
import { loadCategoryModel, type CategoryModel } from '../store/category-models.js';
import { insertGroup, insertRepo, insertRule } from '../store/review-store.js';
import type { Bilingual, DeskLanguage } from './desk-language.js';
import { starterCategoryName, starterFieldName } from './starter-categories.js';

const INVOICE_CATEGORY = 'VAT invoice';
const REPOSITORY_NAMES: Bilingual = { en: 'Invoice checks', 'zh-CN': '发票检查' };

interface BilingualRule {
  names: Bilingual;
  /** Prose for the reader and the cloud service, before the check lines the local engine evaluates. */
  prose: Bilingual;
  /** The check lines, naming fields as an English desk does; a Chinese desk's rules name them in Chinese. */
  checks: readonly string[];
  riskLevel: 10 | 20 | 30;
  /** Fields of the category, and columns as 'Table.Column', the checks read (English names): the rule's referenced_fields. */
  reads: readonly string[];
}

/** A starter rule as a desk's repository holds it. */
export interface StarterRule {
  name: string;
  prompt: string;
  riskLevel: 10 | 20 | 30;
  reads: string[];
}

/**
 * The first-run rules (docs/review-rules.md, "The starter repository"), written against the
 * starter "VAT invoice" category of src/engine/starter/starter-categories.ts. A clerk changes a
 * limit by editing the number in the check line.
 */
const STARTER_GROUPS: readonly { names: Bilingual; rules: readonly BilingualRule[] }[] = [
  {
    names: { en: 'Amounts', 'zh-CN': '金额' },
    rules: [
      {
        names: { en: 'Amount plus tax equals the total', 'zh-CN': '金额加税额等于价税合计' },
        prose: { en: 'The amount before tax plus the tax must equal the total printed on the invoice.', 'zh-CN': '不含税金额加税额必须等于发票上印的价税合计。' },
        checks: ['[Amount] + [Tax] = [Total]'],
        riskLevel: 10,
        reads: ['Amount', 'Tax', 'Total'],
      },
      {
        names: { en: 'Line items add up to the amount', 'zh-CN': '明细金额之和等于合计金额' },
        prose: { en: "The amounts of the invoice's line items must add up to its amount before tax.", 'zh-CN': '发票各行明细的金额之和必须等于不含税的合计金额。' },
        checks: ['sum([Line items.Amount]) = [Amount]'],
        riskLevel: 10,
        reads: ['Amount', 'Line items.Amount'],
      },
    ],
  },
  {
    names: { en: 'Dates', 'zh-CN': '日期' },
    rules: [
      {
        names: { en: 'Invoice date is not in the future', 'zh-CN': '开票日期不晚于今天' },
        prose: { en: 'An invoice cannot be dated after today.', 'zh-CN': '发票的开票日期不能晚于今天。' },
        checks: ['[Invoice date] <= today()'],
        riskLevel: 10,
        reads: ['Invoice date'],
      },
      {
        names: { en: 'Invoice is at most 365 days old', 'zh-CN': '发票开具不超过 365 天' },
        prose: {
          en: 'Invoices older than a year are not accepted; change 365 to the age your policy allows.',
          'zh-CN': '不接受开具超过一年的发票；请把 365 改为贵单位制度允许的天数。',
        },
        checks: ['days_between([Invoice date], today()) <= 365'],
        riskLevel: 20,
        reads: ['Invoice date'],
      },
    ],
  },
  {
    names: { en: 'Parties', 'zh-CN': '交易方' },
    rules: [
      {
        names: { en: 'Seller and buyer tax IDs are valid', 'zh-CN': '销售方和购买方税号有效' },
        prose: {
          en: "The seller's tax ID must be a valid unified social credit code (or an older taxpayer id). The buyer's must be too, unless it is left empty, as on an ordinary invoice to a private person.",
          'zh-CN': '销售方纳税人识别号必须是有效的统一社会信用代码（或旧的纳税人识别号）。购买方的也必须有效，除非为空（如开给个人的普通发票）。',
        },
        checks: ['valid_tax_id([Seller tax ID])', '[Buyer tax ID] is empty or valid_tax_id([Buyer tax ID])'],
        riskLevel: 20,
        reads: ['Seller tax ID', 'Buyer tax ID'],
      },
    ],
  },
  {
    names: { en: 'Duplicates', 'zh-CN': '重复' },
    rules: [
      {
        names: { en: 'Invoice not already uploaded', 'zh-CN': '发票未重复上传' },
        prose: {
          en: 'The same invoice must not have been uploaded to this workspace before. A fully digital invoice (a 20-digit number) is known by its number alone; any other by its invoice code and number.',
          'zh-CN': '同一张发票不得在本工作空间重复上传。全电发票（20 位号码）只按号码识别，其他发票按发票代码和号码识别。',
        },
        checks: ['if([Invoice number] matches "^\\d{20}$", duplicates_in_workspace([Invoice number]), duplicates_in_workspace([Invoice code], [Invoice number])) = 0'],
        riskLevel: 10,
        reads: ['Invoice code', 'Invoice number'],
      },
    ],
  },
];

/** The starter repository in the desk's language: its name, its groups and their rules, check lines naming the desk's fields. */
export function starterRepository(language: DeskLanguage): { name: string; groups: { name: string; rules: StarterRule[] }[] } {
  const fieldName = (englishName: string) => starterFieldName(INVOICE_CATEGORY, englishName, language);
  const check = (line: string) => `check: ${line.replace(/\[([^\]]+)\]/g, (_bracketed, name: string) => `[${fieldName(name)}]`)}`;
  return {
    name: REPOSITORY_NAMES[language],
    groups: STARTER_GROUPS.map((group) => ({
      name: group.names[language],
      rules: group.rules.map((rule) => ({
        name: rule.names[language],
        prompt: [rule.prose[language], ...rule.checks.map(check)].join('\n'),
        riskLevel: rule.riskLevel,
        reads: rule.reads.map(fieldName),
      })),
    })),
  };
}

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
 * workspace has no starter "VAT invoice" category (the rules would have nothing to check) or already
 * has a repository of that name, so seeding again does no harm.
 */
export function seedStarterRepository(deps: EngineDeps, workspaceId: string, language: DeskLanguage): void {
  const category = loadCategoryModel(deps, workspaceId, starterCategoryName(INVOICE_CATEGORY, language));
  if (!category) return;
  const repository = starterRepository(language);
  if (deps.db.prepare('SELECT 1 FROM rule_repos WHERE workspace_id = ? AND name = ?').get(workspaceId, repository.name)) return;
  deps.db.transaction(() => {
    const repoId = insertRepo(deps, workspaceId, repository.name, DEFAULT_REVIEW_MODEL);
    for (const group of repository.groups) {
      const groupId = insertGroup(deps, repoId, group.name);
      for (const rule of group.rules) {
        insertRule(deps, repoId, { groupId, name: rule.name, prompt: rule.prompt, categoryIds: [category.id], referencedFields: referencesOf(category, rule.reads), riskLevel: rule.riskLevel });
      }
    }
  })();
}
