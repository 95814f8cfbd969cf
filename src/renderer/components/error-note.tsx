/** A failure in words; the text is the core's message, shown as text only. */
export function ErrorNote({ message, onDismiss }: { message: string | null | undefined; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <div className="error-note" role="alert">
      <span>{message}</span>
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss} aria-label="×">
          ×
        </button>
      ) : null}
    </div>
  );
}
