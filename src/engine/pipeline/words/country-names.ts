// The desk languages whose country names an address may print.
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'zh', 'ja'] as const;

// Short forms addresses print that the ICU names lack ("Hong Kong SAR China" is ICU's name).
const SHORT_FORMS: Readonly<Record<string, string>> = { usa: 'US', 'u.s.a.': 'US', uk: 'GB', 'u.k.': 'GB', 'hong kong': 'HK' };

/** States and territories an address prints after its town where no country follows (Malaysia's receipts: "81100 JOHOR BAHRU, JOHOR"). */
export const REGION_NAMES = ['selangor', 'johor', 'kedah', 'kelantan', 'melaka', 'malacca', 'negeri sembilan', 'pahang', 'perak', 'perlis', 'penang', 'pulau pinang', 'sabah', 'sarawak', 'terengganu', 'kuala lumpur', 'kl', 'putrajaya', 'labuan', 'darul ehsan', 'darul takzim', 'd.e'];

let names: ReadonlyMap<string, string> | undefined;
let byLetters: ReadonlySet<string> | undefined;

/**
 * The ISO code of the country a text names ("Deutschland", "GERMANY", "Österreich", "中国"), in any
 * desk language; undefined when it names none ("USt-IdNr" under a town is no country). The names
 * come from the runtime's own ICU data, made once on first use.
 */
export function countryCodeOfName(text: string): string | undefined {
  names ??= countryNames();
  return names.get(text.trim().toLowerCase());
}

/** Letters alone, in small letters: a name compared whatever the reader made of its spaces and points ("U.S.A.", "MALAYSIA."). */
export const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/** Whether the text is a country's name in any desk language, its letters alone compared ("MALAYSIA.", "U.S.A.", "United Kingdom"). */
export function isCountryName(text: string): boolean {
  names ??= countryNames();
  byLetters ??= new Set([...names.keys()].map(lettersOf));
  return byLetters.has(lettersOf(text));
}

// A country's name runs over this many words at most ("Bosnia and Herzegovina").
const LONGEST_NAME_WORDS = 4;

/** Whether a run of the text's words names a country ("Kuala Lumpur, Malaysia"). */
export function namesCountry(text: string): boolean {
  const words = text.split(/[^\p{L}.]+/u).filter((w) => lettersOf(w) !== '');
  return words.some((_, i) => words.slice(i, i + LONGEST_NAME_WORDS).some((__, n) => isCountryName(words.slice(i, i + n + 1).join(' '))));
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
