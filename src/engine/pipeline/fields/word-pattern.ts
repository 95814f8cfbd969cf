/** Words as one regular-expression alternation, longest first so that "bis zum" wins over "bis"; a space matches any spacing. */
export function alternatives(words: readonly string[]): string {
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/ /gu, '\\s+');
  return [...words].sort((a, b) => b.length - a.length).map(escape).join('|');
}
