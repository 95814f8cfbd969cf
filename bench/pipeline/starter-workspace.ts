import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocketClient } from '../../src/main/core/api/index.js';
import { starterCategories, starterSampleText } from '../../src/engine/starter/starter-categories.js';

/** A new workspace holding the starter categories, made over the API as a client would. */
export async function starterWorkspace(client: DocketClient, name: string, scratchDir: string): Promise<string> {
  const { workspace_id } = await client.workspaces.create({ name, auth_scope: 0 });
  for (const category of starterCategories('en')) {
    const sample = join(scratchDir, `${category.name.replace(/\W+/g, '-')}-sample.txt`);
    await writeFile(sample, starterSampleText(category));
    await client.categories.create({
      workspace_id,
      name: category.name,
      description: category.description,
      category_prompt: category.categoryPrompt,
      fields: [...category.fields],
      tables: [...category.tables],
      sampleFiles: [sample],
    });
  }
  return workspace_id;
}
