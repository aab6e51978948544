/**
 * Web search through SearXNG's JSON API, against a STAND-IN SearXNG on 127.0.0.1 written here
 * (no network search engine is reachable from these machines).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { insertAndWait, useOllamaStandIn } from '../helpers/server-with-ollama-stand-in';

let searx: Server | null = null;
const queries: string[] = [];
const startWithStandIn = useOllamaStandIn();
afterEach(async () => {
  await new Promise((r) => (searx ? searx.close(r) : r(null)));
  searx = null;
});

async function startSearx(): Promise<string> {
  searx = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    queries.push(`${url.pathname}?q=${url.searchParams.get('q')}&format=${url.searchParams.get('format')}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ results: [{ title: 'Curie biography', url: 'https://example.org/curie', content: 'Born in Warsaw, Poland.' }, { title: 'bad', url: 'javascript:alert(1)' }] }));
  });
  await new Promise<void>((r) => searx!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(searx.address() as AddressInfo).port}`;
}

describe('web search', () => {
  it('puts SearXNG results beside the graph’s facts as cited web sources', async () => {
    const searxUrl = await startSearx();
    const { standIn, server } = await startWithStandIn(() => ({ content: ['Warsaw [1][W1].'] }), { settings: { web_search_url: searxUrl, answer_model: 'tiny-chat' } });
    await insertAndWait(server, 'Marie Curie was born in Warsaw in 1867.', 'Curie');

    const { body } = await server.json<{ summary: string; metadata: { web_search: { used: boolean } }; web_sources: { marker: string; url: string }[] }>('POST', '/query', {
      body: { query: 'Where was Marie Curie born?', web_search_enabled: true },
    });
    expect(queries.at(-1)).toBe('/search?q=Where was Marie Curie born?&format=json');
    expect(body.metadata.web_search.used).toBe(true);
    expect(body.web_sources).toEqual([{ marker: 'W1', title: 'Curie biography', url: 'https://example.org/curie', snippet: 'Born in Warsaw, Poland.' }]);
    expect(standIn.chats.at(-1)!.messages[1]!.content).toContain('[W1] Curie biography (https://example.org/curie)');
    expect((await server.json<{ components: { web_search: string } }>('GET', '/health')).body.components.web_search).toBe(`searxng at ${searxUrl}`);

    // Unreachable provider: the knowledge base alone, and the body says why.
    await new Promise((r) => searx!.close(r));
    searx = null;
    const down = await server.json<{ metadata: { web_search: { used: boolean; reason: string } }; web_sources?: unknown }>('POST', '/query', {
      body: { query: 'Where was Marie Curie born?', web_search_enabled: true },
    });
    expect(down.body.metadata.web_search.used).toBe(false);
    expect(down.body.metadata.web_search.reason).toMatch(/could not be reached.*knowledge base alone/u);
    expect(down.body.web_sources).toBeUndefined();
  });
});
