import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import cycles among the TypeScript files under `folder`, each as its files (relative to
 * `folder`, sorted). Type-only imports count: a circle tied by a type is still a circle to a reader.
 */
export function importCycles(folder: string): string[][] {
  const graph = importGraph(resolve(folder));
  return stronglyConnected(graph)
    .filter((files) => files.length > 1 || graph.get(files[0]!)!.includes(files[0]!))
    .map((files) => files.map((file) => relative(folder, file)).sort());
}

/** Each TypeScript file under `folder` (absolute path) with the files of `folder` it imports. */
export function importGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(folder)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.filter(({ fileName }) => fileName.startsWith('.')).map(({ fileName }) => resolveImport(file, fileName));
    graph.set(file, targets.filter((target) => target !== undefined));
  }
  return graph;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Sources import each other as ".js" (or without an extension); the file on disk is ".ts" or ".tsx".
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** Tarjan's strongly connected components: a component of more than one file is a cycle. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, order.get(target)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== file);
    components.push(component);
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return components;
}
