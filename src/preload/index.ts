import { contextBridge, ipcRenderer } from 'electron';

/**
 * The window gets only what it needs to call the local API as any other client would: the base
 * URL and its key. Everything else goes through HTTP.
 */
const connection = ipcRenderer.sendSync('kb:connection') as { apiBaseUrl: string; apiKey: string };

contextBridge.exposeInMainWorld('knowledgeDesk', {
  apiBaseUrl: connection.apiBaseUrl,
  apiKey: connection.apiKey,
});
