import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_FOLDER = 'knowledge-desk';

/** The platform's application-data folder, where Electron's `userData` would also point. */
export function defaultDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_FOLDER);
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), APP_FOLDER);
}
