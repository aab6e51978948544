import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';

/**
 * The built app under a real Electron binary. `npm install` does not download the binary (and
 * this machine cannot), so the test runs only where `node node_modules/electron/install.js` has
 * put one in place.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const binary = ((): string | null => {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
})();

describe.skipIf(binary === null)('the Electron shell', () => {
  it('starts the engine, opens the app connected through the preload, and stops the server on quit', async () => {
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
    expect(build.status).toBe(0);
    const userData = mkdtempSync(join(tmpdir(), 'kb-electron-'));
    const app = await _electron.launch({ executablePath: binary ?? '', args: [root, `--user-data-dir=${userData}`, '--no-sandbox'] });
    try {
      const window = await app.firstWindow();
      await window.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 60_000 });
      const bridge = await window.evaluate(() => {
        const desk = (globalThis as unknown as { knowledgeDesk?: { apiBaseUrl: string; apiKey: string } }).knowledgeDesk;
        return { base: desk?.apiBaseUrl ?? '', hasKey: (desk?.apiKey ?? '').startsWith('svc_live_'), node: typeof (globalThis as { require?: unknown }).require };
      });
      expect(bridge).toEqual({ base: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), hasKey: true, node: 'undefined' });
      const health = await fetch(`${bridge.base}/health`);
      expect(health.status).toBe(200);
      await app.close();
      await expect(fetch(`${bridge.base}/health`)).rejects.toThrow();
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  }, 240_000);
});
