import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngineDb } from '../../../../src/engine/store/database.js';
import { MIGRATIONS } from '../../../../src/engine/store/migrations.js';
import { starterCategories } from '../../../../src/engine/starter/starter-categories.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The amount pattern the starter categories seeded before migration 6.
const TRUNCATING = { regex_settings: { match: String.raw`-?\d[\d,]*(?:\.\d+)?` } };

describe('migration 6: the starter amount pattern', () => {
  it('gives fields seeded with the old pattern the starter one, and leaves every other definition as it was', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'docket-migrations-')), 'engine.sqlite');
    dirs.push(join(file, '..'));
    const before = openEngineDb(file);
    before.prepare("INSERT INTO workspaces (id, name, created_at) VALUES ('w', 'w', 0)").run();
    before.prepare("INSERT INTO categories (id, workspace_id, name, created_at, updated_at) VALUES ('c', 'w', 'Invoice', 0, 0)").run();
    const field = before.prepare('INSERT INTO category_fields (id, category_id, name, definition, ord) VALUES (?, ?, ?, ?, ?)');
    field.run('total', 'c', 'Total', JSON.stringify({ name: 'Total', alias: ['Gesamtbetrag'], transform_settings: TRUNCATING }), 0);
    field.run('own', 'c', 'Reference', JSON.stringify({ name: 'Reference', transform_settings: { regex_settings: { match: String.raw`\d+` } } }), 1);
    before.pragma(`user_version = ${MIGRATIONS.length - 1}`);
    before.close();

    const after = openEngineDb(file);
    const definitions = Object.fromEntries((after.prepare('SELECT id, definition FROM category_fields').all() as { id: string; definition: string }[]).map((r) => [r.id, JSON.parse(r.definition)]));
    const starterTotal = starterCategories('en').find((c) => c.name === 'Invoice')!.fields.find((f) => f.name === 'Total')!;
    expect(definitions.total).toEqual({ name: 'Total', alias: ['Gesamtbetrag'], transform_settings: starterTotal.transform_settings });
    expect(definitions.own.transform_settings).toEqual({ regex_settings: { match: String.raw`\d+` } });
    expect(after.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    after.close();
  });
});
