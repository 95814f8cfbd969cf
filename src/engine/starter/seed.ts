import type { EngineDeps } from '../engine-deps.js';
import type { DeskLanguage } from './desk-language.js';
import { seedStarterCategories } from './starter-categories.js';
import { seedStarterRepository } from './starter-repository.js';

const SEED_MARKER = 'starter_seeded_at';

/**
 * The first start of an engine with the starter on gives its default workspace the starter content,
 * named in the language of the desk that created the data folder.
 * The marker makes it once only: categories a clerk deleted do not come back. Each seeding step is
 * idempotent, so a start interrupted before the marker was written seeds the rest next time.
 */
export async function seedStarterContent(deps: EngineDeps, language: DeskLanguage): Promise<void> {
  if (deps.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(SEED_MARKER)) return;
  const workspace = deps.db.prepare('SELECT id FROM workspaces ORDER BY created_at, id LIMIT 1').get() as { id: string } | undefined;
  if (!workspace) return;
  await seedStarterCategories(deps, workspace.id, language);
  seedStarterRepository(deps, workspace.id, language);
  deps.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SEED_MARKER, new Date(deps.now()).toISOString());
}
