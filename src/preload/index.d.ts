export interface KnowledgeDeskBridge {
  apiBaseUrl: string;
  apiKey: string;
  /** The system's folder picker; the chosen folder's absolute path, or null when cancelled. */
  pickFolder?: () => Promise<string | null>;
}

declare global {
  interface Window {
    knowledgeDesk: KnowledgeDeskBridge;
  }
}
