export type LogLevel = 'info' | 'warn' | 'error';

/** Where core services write what happened; the composition root decides where lines go. */
export type LogSink = (level: LogLevel, message: string) => void;
