/** A character the recognizer also saw at a place, with its highest probability over that place's frames. */
export type Guess = { char: string; p: number };

/** What greedy CTC decoding read from one line's class probabilities. */
export type CtcReading = {
  chars: string[];
  /** Per character, the centre of the frames it was read at, in crop pixels. */
  centers: number[];
  /** Per character, the probability it was read with. */
  scores: number[];
  /** Per character, the likeliest other characters over its frames (most likely first). */
  guesses: Guess[][];
  /** Per character but the last, the likeliest mark ('.', ',', ':') in the blank frames after it, if any showed. */
  marks: (Guess | undefined)[];
};

/** Other characters kept per read character: enough for the look-alikes (M/N/H, T/I/L, O/0). */
const GUESSES = 3;
/** A guess less likely than this at every frame is noise. */
const MIN_GUESS_P = 0.005;
const MARKS = ['.', ',', ':'] as const;
const BLANK = [0] as const;

/**
 * Greedy CTC decoding (blank = class 0, repeats merged) over `frames` × `classes` probabilities.
 * Besides the characters it keeps where each was read, what else the recognizer thought it might be,
 * and which marks it half-saw between characters: the small print's decimal points and commas are
 * often outvoted by the blank.
 */
export function ctcDecode(data: Float32Array, frames: number, classes: number, dictionary: readonly string[], frameWidth: number): CtcReading {
  const markClasses = MARKS.map((m) => dictionary.indexOf(m) + 1);
  const reading: CtcReading = { chars: [], centers: [], scores: [], guesses: [], marks: [] };
  const spans: [number, number][] = [];
  let guesses = new Map<number, number>();
  let mark: Guess | undefined;
  let previous = 0;
  for (let t = 0; t < frames; t++) {
    const base = t * classes;
    // Most frames are blank; at over one half it is surely the likeliest, and a blank frame's other classes are not kept.
    const top = data[base]! > 0.5 ? BLANK : topClasses(data, base, classes);
    const best = top[0]!;
    if (best !== 0 && best === previous) spans[spans.length - 1]![1] = t;
    else if (best !== 0) {
      if (reading.chars.length > 0) {
        reading.guesses.push(guessesOf(guesses, dictionary));
        reading.marks.push(mark);
      }
      reading.chars.push(dictionary[best - 1] ?? '');
      reading.scores.push(data[base + best]!);
      spans.push([t, t]);
      guesses = new Map();
      mark = undefined;
    }
    if (best !== 0) for (const k of top.slice(1)) guesses.set(k, Math.max(guesses.get(k) ?? 0, data[base + k]!));
    else if (reading.chars.length > 0) mark = likelierMark(mark, data, base, markClasses);
    previous = best;
  }
  if (reading.chars.length > 0) reading.guesses.push(guessesOf(guesses, dictionary));
  reading.centers = spans.map(([a, b]) => ((a + b) / 2 + 0.5) * frameWidth);
  return reading;
}

/** The GUESSES + 1 likeliest classes of a frame, most likely first. */
function topClasses(data: Float32Array, base: number, classes: number): readonly number[] {
  const top: number[] = [];
  for (let k = 0; k < classes; k++) {
    const p = data[base + k]!;
    if (top.length === GUESSES + 1 && p <= data[base + top[GUESSES]!]!) continue;
    let at = Math.min(top.length, GUESSES);
    while (at > 0 && data[base + top[at - 1]!]! < p) at--;
    top.splice(at, 0, k);
    if (top.length > GUESSES + 1) top.pop();
  }
  return top;
}

function guessesOf(seen: Map<number, number>, dictionary: readonly string[]): Guess[] {
  return [...seen]
    .filter(([k, p]) => k !== 0 && p >= MIN_GUESS_P)
    .sort((a, b) => b[1] - a[1])
    .slice(0, GUESSES)
    .map(([k, p]) => ({ char: dictionary[k - 1] ?? '', p }));
}

function likelierMark(held: Guess | undefined, data: Float32Array, base: number, markClasses: readonly number[]): Guess | undefined {
  let best = held;
  markClasses.forEach((k, i) => {
    const p = k > 0 ? data[base + k]! : 0;
    if (p >= MIN_GUESS_P && (best === undefined || p > best.p)) best = { char: MARKS[i]!, p };
  });
  return best;
}
