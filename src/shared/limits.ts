/** Request limits that shape validation. The engine's config carries the same fields. */
export interface RequestLimits {
  maxQueryChars: number;
  maxTitleChars: number;
  maxTags: number;
  maxTagChars: number;
  maxMetadataBytes: number;
  maxConversationTitleChars: number;
  maxBulkDocuments: number;
}

/** The defaults (the engine's config may change them); the agent tools validate with these too. */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  maxQueryChars: 8000,
  maxTitleChars: 500,
  maxTags: 100,
  maxTagChars: 100,
  maxMetadataBytes: 64 * 1024,
  maxConversationTitleChars: 200,
  maxBulkDocuments: 1000,
};
