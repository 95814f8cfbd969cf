import type { Tone } from '../features/documents/status-labels';

export function StatusPill({ tone, label, title }: { tone: Tone; label: string; title?: string }) {
  return (
    <span className={`pill tone-${tone}`} title={title}>
      {label}
    </span>
  );
}
