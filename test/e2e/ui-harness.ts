import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { resolveConfig, type EngineConfig } from '../../src/core/config';
import { startServer, type StartedServer } from '../../src/node/start-server';
import { rendererConfig } from '../../renderer.vite.config';

/** Debian's Chromium: Playwright's own browser downloads cannot run here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where every browser test saves its screenshots; docs/screens/ holds copies from a passing run. */
const SHOTS = 'test-results/screens';

/** The path of the screenshot `name`, its folder made if missing. */
export function screenshotPath(name: string): string {
  mkdirSync(SHOTS, { recursive: true });
  return `${SHOTS}/${name}.png`;
}

const tsxWorker = (entry: string) => ({
  url: new URL('../helpers/tsx-worker.mjs', import.meta.url),
  workerData: { entry: new URL(entry, import.meta.url).href },
});

let built: Promise<string> | null = null;

/** Builds the real renderer (the same Vite config electron-vite uses) once per test file. */
export function buildRenderer(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'kb-ui-'));
    // Vitest sets NODE_ENV=test; the app is tested as it ships, with React's production build.
    await build({ ...rendererConfig, configFile: false, logLevel: 'error', mode: 'production', define: { 'process.env.NODE_ENV': '"production"' }, build: { ...rendererConfig.build, outDir } });
    return outDir;
  })();
  return built;
}

export interface UiServer {
  url: string;
  ownerKey: string;
  started: StartedServer;
  close(): Promise<void>;
}

/** The headless server as `npm start` runs it (engine, API and the app at `/`) on a free port and a temporary data folder. */
export async function startUiServer(overrides: Partial<EngineConfig> = {}): Promise<UiServer> {
  const uiDir = await buildRenderer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-e2e-'));
  const started = await startServer({
    engine: resolveConfig({ ...overrides, dataDir, version: 'e2e' }),
    host: '127.0.0.1',
    port: 0,
    uiDir,
    adapters: {
      pdfWorker: tsxWorker('../../src/adapters/parsers/pdf/pdf-worker.ts'),
      extractWorkers: { script: tsxWorker('../../src/adapters/workers/extract-worker.ts'), count: 1 },
      // The lexicon npm install builds, as `npm start` loads it: the app is judged as users get it.
      lexicon: { file: fileURLToPath(new URL('../../resources/lexicon.json.gz', import.meta.url)) },
    },
  });
  return {
    url: started.server.url,
    ownerKey: started.owner.apiKey,
    started,
    async close() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // WebGL (sigma.js) on the CPU: SwiftShader through ANGLE, since there is no GPU here.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
}

/** Opens the app and connects with the key through the login form, as a person in a browser tab would. */
export async function openApp(browser: Browser, server: UiServer): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 }, deviceScaleFactor: 1 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  try {
    await page.goto(server.url);
    await page.getByLabel('API key').fill(server.ownerKey, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 15_000 });
  } catch (error) {
    throw new Error(`the app did not open: ${problems.join('; ') || String(error)}`);
  }
  return page;
}

export interface AppSession {
  server: UiServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** A server on a temporary data folder, Chromium and the app connected to it: what each browser test file starts with. */
export async function openAppSession(overrides: Partial<EngineConfig> = {}): Promise<AppSession> {
  const server = await startUiServer(overrides);
  const browser = await launchChromium();
  const page = await openApp(browser, server);
  return {
    server,
    browser,
    page,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
