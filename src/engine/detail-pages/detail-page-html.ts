import type { z } from 'zod';
import { ReviewStatus, type FileRecord, type ReviewTaskResult } from '../../shared/api/index.js';

type FileIn = z.input<typeof FileRecord>;
type ReviewIn = z.input<typeof ReviewTaskResult>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every text of a document, a file name or a rule goes through here: nothing the engine read is ever markup. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const STYLE = `body{font:14px system-ui,sans-serif;margin:16px;color:#222}table{border-collapse:collapse;margin:8px 0}
td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}svg{max-width:100%;height:auto;border:1px solid #ccc;display:block;margin:8px 0}
polygon{fill:rgba(255,196,0,.25);stroke:#d08000;stroke-width:2}text{fill:#d08000;font-size:24px}.muted{color:#777}`;

/** A whole page; the style is allowed by its nonce alone (the CSP the route sends). */
export function detailDocument(title: string, body: string, nonce: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body>${body}</body></html>`;
}

/** A file's pages with each extracted value's box numbered, and the values beside. */
export function fileDetailBody(file: FileIn): string {
  const fields = file.data?.fields ?? [];
  const pages = (file.pages ?? []).map((page, index) => {
    const boxes = fields.flatMap((field, n) =>
      (field.position ?? [])
        .filter((p) => p.page === index && p.vertices.length === 8)
        .map((p) => {
          const points = pairs(p.vertices).map(([x, y]) => `${x},${y}`).join(' ');
          return `<polygon points="${escapeHtml(points)}"><title>${escapeHtml(field.key)}</title></polygon><text x="${p.vertices[0]}" y="${p.vertices[1]! - 4}">${n + 1}</text>`;
        }),
    );
    const picture = page.image_url ? `<image href="${escapeHtml(page.image_url)}" width="${page.width}" height="${page.height}"/>` : '';
    return `<svg viewBox="0 0 ${page.width} ${page.height}" role="img" aria-label="page ${index + 1}">${picture}${boxes.join('')}</svg>`;
  });
  const rows = fields.map((field, n) => `<tr><td>${n + 1}</td><td>${escapeHtml(field.key)}</td><td>${escapeHtml(field.value)}</td></tr>`);
  return [
    `<h1>${escapeHtml(file.name)}</h1>`,
    `<p class="muted">task ${escapeHtml(file.task_id)} · category ${escapeHtml(file.category || '-')} · status ${escapeHtml(file.recognition_status)}${file.failure_causes ? ` · ${escapeHtml(file.failure_causes)}` : ''}</p>`,
    `<table><tr><th>#</th><th>field</th><th>value</th></tr>${rows.join('')}</table>`,
    ...pages,
  ].join('');
}

/** review_result as a word (the engine's values: docs/review-rules.md, "Result values"). */
const REVIEW_RESULT_WORDS: Record<number, string> = {
  [ReviewStatus.pending]: 'pending',
  [ReviewStatus.approved]: 'pass',
  [ReviewStatus.failed]: 'fail',
  [ReviewStatus.recognitionFailed]: 'could not be checked',
};

/** A review task: its figures, then each rule's verdict and reasoning by group. */
export function reviewDetailBody(review: ReviewIn): string {
  const s = review.statistics;
  const groups = review.groups.map((group) => {
    const rows = group.review_tasks.map(
      (rule) => `<tr><td>${escapeHtml(rule.rule_name)}</td><td>${escapeHtml(REVIEW_RESULT_WORDS[rule.review_result] ?? rule.review_result)}</td><td>${escapeHtml(rule.reasoning)}</td></tr>`,
    );
    return `<h2>${escapeHtml(group.group_name)}</h2><table><tr><th>rule</th><th>result</th><th>reasoning</th></tr>${rows.join('')}</table>`;
  });
  return [
    `<h1>${escapeHtml(review.task_name)}</h1>`,
    `<p class="muted">task ${escapeHtml(review.task_id)} · repository ${escapeHtml(review.rule_repo.name)} · status ${escapeHtml(review.status)}</p>`,
    `<p>pass ${s.pass_count} · fail ${s.failure_count} · error ${s.error_count} · not triggered ${s.not_triggered_count}</p>`,
    ...groups,
  ].join('');
}

function pairs(vertices: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < vertices.length; i += 2) out.push([vertices[i]!, vertices[i + 1]!]);
  return out;
}
