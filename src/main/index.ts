import { app, BrowserWindow, ipcMain } from 'electron';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '../core/config';
import { DEFAULT_PORT } from '../node/config-from-env';
import { startServer, type StartedServer } from '../node/start-server';

/**
 * Electron main process: the same engine and localhost server as the headless entry, and a
 * window that talks to it over HTTP like any other client.
 */
let started: StartedServer | null = null;

if (!app.requestSingleInstanceLock()) app.quit();

async function createWindow(): Promise<void> {
  started ??= await startServer({
    engine: resolveConfig({ dataDir: app.getPath('userData'), version: app.getVersion() }),
    host: '127.0.0.1',
    port: DEFAULT_PORT,
    adapters: {
      extractWorkers: { script: { url: new URL('./extract-worker.js', import.meta.url) }, count: availableParallelism() },
      pdfWorker: { url: new URL('./pdf-worker.js', import.meta.url) },
    },
  });
  const connection = { apiBaseUrl: started.server.url, apiKey: started.owner.apiKey };
  ipcMain.removeAllListeners('kb:connection');
  ipcMain.on('kb:connection', (event) => {
    event.returnValue = connection;
  });
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Knowledge Desk',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    },
  });
  await window.loadURL(`${connection.apiBaseUrl}/`);
}

app.on('second-instance', () => {
  const [window] = BrowserWindow.getAllWindows();
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
});

app.whenReady().then(createWindow, (error: unknown) => {
  console.error(error);
  app.quit();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('before-quit', (event) => {
  if (!started) return;
  event.preventDefault();
  const stopping = started;
  started = null;
  void stopping.stop().finally(() => app.quit());
});
