// Page lists as a clerk types them ("1-3, 5", counted from 1) <-> page indexes (from 0). Pure.

export function pagesToText(indexes: readonly number[]): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(start === end ? String(start + 1) : `${start + 1}-${end + 1}`);
  }
  return parts.join(', ');
}

/** Undefined when the text is not a page list. */
export function pagesFromText(text: string): number[] | undefined {
  const pages = new Set<number>();
  for (const part of text.split(/[,，\s]+/).filter(Boolean)) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) return undefined;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 1 || to < from || to - from > 10_000) return undefined;
    for (let page = from; page <= to; page++) pages.add(page - 1);
  }
  return [...pages].sort((a, b) => a - b);
}
