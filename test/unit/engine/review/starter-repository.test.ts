import { describe, expect, it } from 'vitest';
import { checkLinesOf } from '../../../../src/shared/rule-language/check-lines.js';
import { parseCheck } from '../../../../src/shared/rule-language/parser.js';
import { seedStarterRepository, starterRepository } from '../../../../src/engine/starter/starter-repository.js';
import { paging } from '../../../../src/engine/store/paging.js';
import { listRepos, rulesOfRepo } from '../../../../src/engine/store/review-store.js';
import { addCategory, reviewDeps } from './review-fixture.js';

const repos = (deps: ReturnType<typeof reviewDeps>) => listRepos(deps, deps.workspaceId, paging(1, 10, 10)).rows;

describe('seedStarterRepository', () => {
  it('writes rules whose every check line the engine can read, in either desk language', () => {
    for (const rule of [...starterRepository('en').groups, ...starterRepository('zh-CN').groups].flatMap((g) => g.rules)) {
      const lines = checkLinesOf(rule.prompt);
      expect(lines.length, rule.name).toBeGreaterThan(0);
      for (const line of lines) expect(() => parseCheck(line.source), `${rule.name}: ${line.source}`).not.toThrow();
    }
  });

  it('adds nothing to a workspace without the VAT invoice category', () => {
    const deps = reviewDeps();
    seedStarterRepository(deps, deps.workspaceId, 'en');
    expect(repos(deps)).toEqual([]);
  });

  it('adds the repository once, its rules on the VAT invoice category', () => {
    const deps = reviewDeps();
    const category = addCategory(deps, deps.workspaceId, 'VAT invoice', ['Amount', 'Tax', 'Total']);
    seedStarterRepository(deps, deps.workspaceId, 'en');
    seedStarterRepository(deps, deps.workspaceId, 'en');
    const [repo, ...more] = repos(deps);
    expect(more).toEqual([]);
    expect(repo!.name).toBe('Invoice checks');
    const rules = rulesOfRepo(deps, repo!.id);
    expect(rules.map((r) => r.name)).toEqual(starterRepository('en').groups.flatMap((g) => g.rules.map((r) => r.name)));
    expect(rules.every((r) => r.categoryIds.length === 1 && r.categoryIds[0] === category.id)).toBe(true);
    expect(rules[0]!.referencedFields).toEqual([
      { category_id: category.id, category_name: 'VAT invoice', fields: category.fieldIds.map((id, i) => ({ field_id: id, field_name: ['Amount', 'Tax', 'Total'][i] })), tables: [] },
    ]);
  });

  it('names the repository, its groups and rules in Chinese on a zh-CN desk, its check lines naming the Chinese fields', () => {
    const deps = reviewDeps();
    const category = addCategory(deps, deps.workspaceId, '增值税发票', ['合计金额', '合计税额', '价税合计']);
    seedStarterRepository(deps, deps.workspaceId, 'zh-CN');
    const [repo] = repos(deps);
    expect(repo!.name).toBe('发票检查');
    const [first] = rulesOfRepo(deps, repo!.id);
    expect(first).toMatchObject({ name: '金额加税额等于价税合计', prompt: '不含税金额加税额必须等于发票上印的价税合计。\ncheck: [合计金额] + [合计税额] = [价税合计]' });
    expect(first!.referencedFields[0]!.fields.map((f) => f.field_name)).toEqual(['合计金额', '合计税额', '价税合计']);
    expect(first!.categoryIds).toEqual([category.id]);
  });
});
