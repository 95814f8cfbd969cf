// The desk languages whose country names an address may print.
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'zh', 'ja'] as const;

// Short forms addresses print that the ICU names lack.
const SHORT_FORMS: Readonly<Record<string, string>> = { usa: 'US', 'u.s.a.': 'US', 'u.k.': 'GB' };

let names: ReadonlyMap<string, string> | undefined;

/**
 * The ISO code of the country a text names ("Deutschland", "GERMANY", "Österreich", "中国"), in any
 * desk language; undefined when it names none ("USt-IdNr" under a town is no country). The names
 * come from the runtime's own ICU data, made once on first use.
 */
export function countryCodeOfName(text: string): string | undefined {
  names ??= countryNames();
  return names.get(text.trim().toLowerCase());
}

function countryNames(): ReadonlyMap<string, string> {
  const byName = new Map<string, string>(Object.entries(SHORT_FORMS));
  for (const language of LANGUAGES) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    // Every two-letter code in order: a current code comes before a withdrawn one of the same name ("FR" before "FX").
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = display.of(code)?.toLowerCase();
        if (name !== undefined && name !== code.toLowerCase() && !byName.has(name)) byName.set(name, code);
      }
    }
  }
  return byName;
}
