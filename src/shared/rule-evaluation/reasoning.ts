import type { Anchor } from '../api/index.js';
import type { ReviewFile } from './review-file.js';
import type { ValueUse } from './value-use.js';

export type FindingOutcome = 'pass' | 'failure' | 'error';

/** What one check said about one file, or a problem that kept a file from being checked at all. */
export interface Finding {
  file: ReviewFile;
  /** Absent when the file could not be checked at all. */
  check?: { number: number; of: number; source: string };
  outcome: FindingOutcome;
  /** The explanation sentences, or why it could not be evaluated. */
  detail: string[];
  uses: readonly ValueUse[];
}

const VERDICT: Readonly<Record<FindingOutcome, string>> = { pass: 'holds', failure: 'does not hold', error: 'could not be evaluated' };

/**
 * The reasoning of a rule: one line per file and check, naming the values used; each value's text
 * in the reasoning is anchored to its boxes (start_pos/end_pos are string indexes into the reasoning).
 */
export function composeReasoning(findings: readonly Finding[]): { reasoning: string; anchors: Anchor[] } {
  const writer = new ReasoningWriter();
  const files = [...new Set(findings.map((f) => f.file))];
  if (files.length > 1) writer.write(`${files.length} files checked: ${tally(findings, files)}.\n`);
  findings.forEach((finding, i) => {
    if (i > 0) writer.write('\n');
    writeFinding(writer, finding);
  });
  return { reasoning: writer.text, anchors: writer.anchors };
}

/** A file fails when one of its checks fails; it could not be checked when none failed but one could not be evaluated. */
export function outcomeOf(findings: readonly { outcome: FindingOutcome }[]): FindingOutcome {
  if (findings.some((f) => f.outcome === 'failure')) return 'failure';
  return findings.some((f) => f.outcome === 'error') ? 'error' : 'pass';
}

function tally(findings: readonly Finding[], files: readonly ReviewFile[]): string {
  const outcomes = files.map((file) => outcomeOf(findings.filter((f) => f.file === file)));
  const count = (o: FindingOutcome) => outcomes.filter((x) => x === o).length;
  return `${count('pass')} passed, ${count('failure')} failed, ${count('error')} could not be checked`;
}

function writeFinding(writer: ReasoningWriter, finding: Finding): void {
  const { check } = finding;
  const which = check ? `check${check.of > 1 ? ` ${check.number}` : ''} \`${check.source}\` ${VERDICT[finding.outcome]}` : 'could not be checked';
  writer.write(`'${finding.file.name}': ${which}${finding.detail.length > 0 ? `: ${finding.detail.join('; ')}` : ''}.`);
  if (finding.uses.length === 0) return;
  writer.write(' Values used: ');
  finding.uses.forEach((use, i) => {
    writer.write(`${i > 0 ? ', ' : ''}${use.label} `);
    if (use.text === '') writer.write('(empty)');
    else writer.writeValue(use);
  });
  writer.write('.');
}

class ReasoningWriter {
  text = '';
  readonly anchors: Anchor[] = [];

  write(text: string): void {
    this.text += text;
  }

  /** The value in quotes; the anchor spans the value, not the quotes. */
  writeValue(use: ValueUse): void {
    this.write('"');
    const start = this.text.length;
    this.write(use.text);
    const end = this.text.length;
    this.write('"');
    for (const position of use.position.filter((p) => p.vertices.length === 8)) {
      this.anchors.push({
        start_pos: start,
        end_pos: end,
        text: use.text,
        vertices: position.vertices,
        file_id: use.origin.fileId,
        extract_task_id: use.origin.taskId,
        page: position.page,
        source: use.source,
        file_category: use.origin.category,
        ...(use.fieldName === undefined ? {} : { field_name: use.fieldName }),
      });
    }
  }
}
