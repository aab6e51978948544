import type { KnowledgeDeskBridge } from '../../../preload/index.d';

/** Where the API is and which key to send: from the desktop shell's preload, or the login form. */
export interface Connection {
  baseUrl: string;
  apiKey: string;
  /** 'desktop': handed over by Electron; 'session': typed in this tab, kept until the tab closes. */
  origin: 'desktop' | 'session';
}

const STORAGE_KEY = 'knowledge-desk.api-key';

function bridge(): KnowledgeDeskBridge | undefined {
  return (window as Window & { knowledgeDesk?: KnowledgeDeskBridge }).knowledgeDesk;
}

/**
 * In Electron the preload supplies the key; in a browser tab the key stays in sessionStorage
 * (never localStorage), so closing the tab forgets it and other sites cannot read it.
 */
export function initialConnection(): Connection | null {
  const desktop = bridge();
  if (desktop) return { baseUrl: desktop.apiBaseUrl, apiKey: desktop.apiKey, origin: 'desktop' };
  const key = sessionStorage.getItem(STORAGE_KEY);
  return key ? { baseUrl: window.location.origin, apiKey: key, origin: 'session' } : null;
}

export function rememberKey(apiKey: string): Connection {
  sessionStorage.setItem(STORAGE_KEY, apiKey);
  return { baseUrl: window.location.origin, apiKey, origin: 'session' };
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** The desktop window's folder picker; null in a browser tab, where a folder is named by its path. */
export function folderPicker(): (() => Promise<string | null>) | null {
  return bridge()?.pickFolder ?? null;
}

/** Opens a watched folder's file in the system's default application; null in a browser tab, which cannot. */
export function fileOpener(): ((folderId: string, path: string) => Promise<string | null>) | null {
  return bridge()?.openPath ?? null;
}
