// A rule's reasoning cut into plain text and the anchored spans (start_pos/end_pos index into it). Pure.

export interface Segment {
  text: string;
  /** Index of the anchor this span shows, for anchored spans. */
  anchor?: number;
}

interface Span {
  start_pos: number;
  end_pos: number;
}

/** Overlapping or out-of-range anchors are clipped; an anchor with no span of its own text is left out. */
export function reasoningSegments(reasoning: string, anchors: readonly Span[]): Segment[] {
  const spans = anchors
    .map((a, index) => ({ start: Math.max(0, a.start_pos), end: Math.min(reasoning.length, a.end_pos), index }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const segments: Segment[] = [];
  let at = 0;
  for (const span of spans) {
    const start = Math.max(span.start, at);
    if (start >= span.end) continue;
    if (start > at) segments.push({ text: reasoning.slice(at, start) });
    segments.push({ text: reasoning.slice(start, span.end), anchor: span.index });
    at = span.end;
  }
  if (at < reasoning.length) segments.push({ text: reasoning.slice(at) });
  return segments;
}
