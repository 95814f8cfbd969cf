import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder Electron's app.getPath('userData') names for "Docket", so both hosts share one profile set. */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = homedir();
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), 'Docket');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Docket');
  return join(env['XDG_CONFIG_HOME'] ?? join(home, '.config'), 'Docket');
}
