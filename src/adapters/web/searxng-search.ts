import type { WebResult, WebSearch } from '../../core/ports';

interface SearxngReply {
  results?: { title?: unknown; url?: unknown; content?: unknown }[];
}

/**
 * Web search through a SearXNG instance's JSON API (`/search?format=json`; the instance must
 * list `json` under `search.formats` in its settings.yml).
 */
export function createSearxngSearch(baseUrl: string): WebSearch {
  const base = baseUrl.replace(/\/+$/u, '');
  return {
    provider: `searxng at ${base}`,
    async search(query, limit, signal) {
      const url = `${base}/search?${new URLSearchParams({ q: query, format: 'json', safesearch: '1' })}`;
      const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`SearXNG answered ${res.status}${res.status === 403 ? ' (is the json format enabled?)' : ''}`);
      const body = (await res.json()) as SearxngReply;
      const results: WebResult[] = [];
      for (const r of body.results ?? []) {
        if (typeof r.url !== 'string' || !/^https?:\/\//u.test(r.url)) continue;
        results.push({ title: typeof r.title === 'string' ? r.title : r.url, url: r.url, snippet: typeof r.content === 'string' ? r.content : '' });
        if (results.length >= limit) break;
      }
      return results;
    },
  };
}
