const MASK = '[redacted]';

/** Lines from a child process never carry a known secret into our logs, whatever the child printed. */
export function redact(line: string, secrets: readonly string[]): string {
  return secrets.reduce((text, secret) => (secret.length === 0 ? text : text.split(secret).join(MASK)), line);
}
