import type { WebResult, WebSearch } from '../ports';

export interface WebOutcome {
  used: boolean;
  reason?: string;
  results: WebResult[];
}

const WEB_TIMEOUT_MS = 8000;

/**
 * Asks the web-search provider, when there is one. Without a provider, or when it fails, the
 * answer comes from the knowledge base alone and the outcome says why (api-decisions: Queries).
 */
export async function searchWeb(provider: WebSearch | null, query: string, limit: number): Promise<WebOutcome> {
  if (!provider) return { used: false, reason: 'no web-search provider is configured; answered from the knowledge base alone', results: [] };
  try {
    const results = await provider.search(query, limit, AbortSignal.timeout(WEB_TIMEOUT_MS));
    return { used: true, results };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { used: false, reason: `the web-search provider (${provider.provider}) could not be reached (${why}); answered from the knowledge base alone`, results: [] };
  }
}
