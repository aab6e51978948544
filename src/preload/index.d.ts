export interface KnowledgeDeskBridge {
  apiBaseUrl: string;
  apiKey: string;
  /** The system's folder picker; the chosen folder's absolute path, or null when cancelled. */
  pickFolder?: () => Promise<string | null>;
  /** Opens a file of a watched folder in the system's default application; null when it opened, otherwise why not. */
  openPath?: (folderId: string, path: string) => Promise<string | null>;
}

declare global {
  interface Window {
    knowledgeDesk: KnowledgeDeskBridge;
  }
}
