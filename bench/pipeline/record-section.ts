import { readFile, writeFile } from 'node:fs/promises';

/**
 * Replaces one "## <title>" section of a Markdown file (up to the next "## " heading) with new text,
 * or appends it; the other sections, written by other benchmarks, stay as they are.
 */
export async function recordSection(path: string, title: string, body: string): Promise<void> {
  const old = await readFile(path, 'utf8').catch(() => '# Benchmarks\n');
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = old.split('\n').findIndex((line) => line.trim() === heading);
  if (start < 0) return writeFile(path, `${old.trimEnd()}\n\n${section}`);
  const lines = old.split('\n');
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const after = next < 0 ? '' : `\n${lines.slice(next).join('\n')}`;
  await writeFile(path, `${lines.slice(0, start).join('\n')}${start > 0 ? '\n' : ''}${section}${after}`);
}
