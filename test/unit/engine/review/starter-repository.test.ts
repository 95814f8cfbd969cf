import { describe, expect, it } from 'vitest';
import { checkLinesOf } from '../../../../src/engine/review/language/check-lines.js';
import { parseCheck } from '../../../../src/engine/review/language/parser.js';
import { STARTER_GROUPS, STARTER_REPOSITORY_NAME, seedStarterRepository } from '../../../../src/engine/starter/starter-repository.js';
import { paging } from '../../../../src/engine/store/paging.js';
import { listRepos, rulesOfRepo } from '../../../../src/engine/store/review-store.js';
import { addCategory, reviewDeps } from './review-fixture.js';

const repos = (deps: ReturnType<typeof reviewDeps>) => listRepos(deps, deps.workspaceId, paging(1, 10, 10)).rows;

describe('seedStarterRepository', () => {
  it('writes rules whose every check line the engine can read', () => {
    for (const rule of STARTER_GROUPS.flatMap((g) => g.rules)) {
      const lines = checkLinesOf(rule.prompt);
      expect(lines.length, rule.name).toBeGreaterThan(0);
      for (const line of lines) expect(() => parseCheck(line.source), `${rule.name}: ${line.source}`).not.toThrow();
    }
  });

  it('adds nothing to a workspace without the VAT invoice category', () => {
    const deps = reviewDeps();
    seedStarterRepository(deps, deps.workspaceId);
    expect(repos(deps)).toEqual([]);
  });

  it('adds the repository once, its rules on the VAT invoice category', () => {
    const deps = reviewDeps();
    const category = addCategory(deps, deps.workspaceId, 'VAT invoice', ['Amount', 'Tax', 'Total']);
    seedStarterRepository(deps, deps.workspaceId);
    seedStarterRepository(deps, deps.workspaceId);
    const [repo, ...more] = repos(deps);
    expect(more).toEqual([]);
    expect(repo!.name).toBe(STARTER_REPOSITORY_NAME);
    const rules = rulesOfRepo(deps, repo!.id);
    expect(rules.map((r) => r.name)).toEqual(STARTER_GROUPS.flatMap((g) => g.rules.map((r) => r.name)));
    expect(rules.every((r) => r.categoryIds.length === 1 && r.categoryIds[0] === category.id)).toBe(true);
    expect(rules[0]!.referencedFields).toEqual([
      { category_id: category.id, category_name: 'VAT invoice', fields: category.fieldIds.map((id, i) => ({ field_id: id, field_name: ['Amount', 'Tax', 'Total'][i] })), tables: [] },
    ]);
  });
});
