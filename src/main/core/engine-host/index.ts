export { EngineHost, type EngineHostOptions } from './engine-host.js';
export { builtEngineLaunch, sourceEngineLaunch, type EngineLaunch } from './engine-launch.js';
export { DEFAULT_BACKOFF, restartDelay, type BackoffOptions } from './restart-backoff.js';
export { redact } from './redact.js';
export { loadOrCreateEngineCredentials, ENGINE_CREDENTIALS_OWNER } from './engine-credentials.js';
