export interface KnowledgeDeskBridge {
  apiBaseUrl: string;
  apiKey: string;
}

declare global {
  interface Window {
    knowledgeDesk: KnowledgeDeskBridge;
  }
}
