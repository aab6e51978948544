import { app, BrowserWindow, dialog, ipcMain, screen, shell } from 'electron';
import { join } from 'node:path';
import { DEFAULT_PORT } from '../node/config-from-env';
import { sourceResourcesDir } from '../node/root-adapters';
import { startServer, type StartedServer } from '../node/start-server';
import { desktopServerOptions } from './desktop-server-options';
import { watchedFileToOpen } from './watched-file';
import { loadWindowState, saveWindowState } from './window-state';

/**
 * Electron main process: the same engine and localhost server as the headless entry, and a
 * window that talks to it over HTTP like any other client. The page (out/renderer) is served by
 * that server under its Content-Security-Policy; the preload hands the window only the API
 * address and key.
 */
let started: StartedServer | null = null;

if (!app.requestSingleInstanceLock()) app.quit();

async function startEngine(): Promise<StartedServer> {
  // Packaged, what ships beside the app (electron-builder.yml's extraResources) is in Electron's resources folder.
  const buildDir = import.meta.dirname;
  const resourcesDir = app.isPackaged ? process.resourcesPath : sourceResourcesDir(buildDir);
  const options = desktopServerOptions({ buildDir, resourcesDir }, { dataDir: app.getPath('userData'), version: app.getVersion() });
  // A headless server may already hold the usual port; the window then gets its own.
  return startServer({ ...options, port: DEFAULT_PORT }).catch(() => startServer({ ...options, port: 0 }));
}

async function createWindow(): Promise<void> {
  started ??= await startEngine();
  const connection = { apiBaseUrl: started.server.url, apiKey: started.owner.apiKey };
  ipcMain.removeAllListeners('kb:connection');
  ipcMain.on('kb:connection', (event) => {
    event.returnValue = connection;
  });
  const stateFile = join(app.getPath('userData'), 'window-state.json');
  const state = loadWindowState(stateFile, screen.getAllDisplays().map((d) => d.workArea));
  const window = new BrowserWindow({
    ...state.bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Knowledge Desk',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
    },
  });
  // Watched folders: the page names a folder by its path, which only the system's picker can give it.
  ipcMain.removeHandler('kb:pick-folder');
  ipcMain.handle('kb:pick-folder', async () => {
    const picked = await dialog.showOpenDialog(window, { title: 'Watch a folder', properties: ['openDirectory', 'createDirectory'] });
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  });
  // A cited file opens in the system's default application, only when it is a file inside one of
  // the owner's watched folders (the window names a folder and a path; watched-file.ts decides).
  const server = started;
  ipcMain.removeHandler('kb:open-path');
  ipcMain.handle('kb:open-path', async (_event, folderId: unknown, path: unknown) => {
    const owner = await server.engine.accounts.authenticate(server.owner.apiKey);
    const folders = (await server.engine.folders(owner).list()).map((f) => ({ folder_id: f.id, path: f.path }));
    const file = await watchedFileToOpen(folders, folderId, path);
    if (!file) return 'This is not a file in one of your watched folders.';
    return (await shell.openPath(file)) || null;
  });
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => saveWindowState(stateFile, { bounds: window.getNormalBounds(), maximized: window.isMaximized() }));
  // The window shows the local app only: other addresses open in the system browser.
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${connection.apiBaseUrl}/`)) event.preventDefault();
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

app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) void createWindow();
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
