import { contextBridge, ipcRenderer } from 'electron';

/**
 * The window gets only what it needs to call the local API as any other client would: the base
 * URL and its key, the system's folder picker (a page cannot get a folder's path itself), and
 * opening a watched folder's file in its default application (the main process checks the path).
 * Everything else goes through HTTP.
 */
const connection = ipcRenderer.sendSync('kb:connection') as { apiBaseUrl: string; apiKey: string };

contextBridge.exposeInMainWorld('knowledgeDesk', {
  apiBaseUrl: connection.apiBaseUrl,
  apiKey: connection.apiKey,
  pickFolder: () => ipcRenderer.invoke('kb:pick-folder') as Promise<string | null>,
  openPath: (folderId: string, path: string) => ipcRenderer.invoke('kb:open-path', folderId, path) as Promise<string | null>,
});
