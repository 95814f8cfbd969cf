// Ids of the published service are 19-digit numbers that JSON.parse would round. Node 20 has no
// JSON.parse source access, so integer literals too long for a double are quoted before parsing.
const UNSAFE_INTEGER_DIGITS = 16;

export function parseJsonLossless(text: string): unknown {
  return JSON.parse(quoteLongIntegers(text));
}

export function quoteLongIntegers(text: string): string {
  let out = '';
  let last = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      i = skipString(text, i);
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      const end = scanNumber(text, i);
      const literal = text.slice(i, end);
      const digits = literal.startsWith('-') ? literal.length - 1 : literal.length;
      if (/^-?\d+$/.test(literal) && digits >= UNSAFE_INTEGER_DIGITS && !Number.isSafeInteger(Number(literal))) {
        out += text.slice(last, i) + '"' + literal + '"';
        last = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  return last === 0 ? text : out + text.slice(last);
}

function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === '"') return i + 1;
    else i++;
  }
  return i;
}

function scanNumber(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && /[0-9eE.+-]/.test(text[i]!)) i++;
  return i;
}
