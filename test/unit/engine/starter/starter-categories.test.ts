import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../src/engine/pipeline/document/field-spec.js';
import { roleOf } from '../../../../src/engine/pipeline/fields/roles.js';
import { starterCategories } from '../../../../src/engine/starter/starter-categories.js';
import type { FieldDefinition } from '../../../../src/shared/api/index.js';

/** Every field and column of the starter categories, as "Category / Table / Field" → its role. */
function rolesOf(language: 'en' | 'zh-CN'): string[] {
  const role = (where: string, definition: FieldDefinition) => `${where}${definition.identity}: ${roleOf(fieldSpecOf({ name: definition.name, definition })) ?? 'none'}`;
  return starterCategories(language).flatMap((category, i) => [
    ...category.fields.map((f) => role(`${i} / `, f)),
    ...category.tables.flatMap((table, t) => table.fields.map((f) => role(`${i} / table ${t} / `, f))),
  ]);
}

describe('starterCategories', () => {
  it('gives every field and column the role on a zh-CN desk that it has on an English one', () => {
    expect(rolesOf('zh-CN')).toEqual(rolesOf('en'));
  });

  it('names each field in the other language among its aliases, and never as its own alias', () => {
    const [english, chinese] = [starterCategories('en'), starterCategories('zh-CN')];
    english.forEach((category, c) => {
      category.fields.forEach((field, f) => {
        const other = chinese[c]!.fields[f]!;
        expect(field.alias).toContain(other.name);
        expect(other.alias).toContain(field.name);
        expect([field.alias, other.alias]).toEqual([expect.not.arrayContaining([field.name]), expect.not.arrayContaining([other.name])]);
      });
    });
  });
});
