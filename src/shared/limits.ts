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
