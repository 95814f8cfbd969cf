/** The things journal entries are about. */
export type JournalSubjectKind = 'file' | 'workspace' | 'category' | 'rule-repo' | 'review-task' | 'upload';

/** What an entry is about, "<kind>:<workspace>:<id>": the history of one thing is listed by it. */
export function journalSubject(kind: JournalSubjectKind, workspaceId: string, id: string): string {
  return `${kind}:${workspaceId}:${id}`;
}
