// Page indexes (from 0) as a clerk reads a page list ("1-3, 5", counted from 1). Pure.

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
