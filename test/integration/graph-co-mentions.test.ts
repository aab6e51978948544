import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDetailOut, EntityListOut, LinkDetailOut, SubgraphOut } from '../../src/shared/graph-schemas';
import { folderDocs, settled, tempFolder, until } from '../helpers/folders';
import { articleText, xquadArticles } from '../helpers/real-data';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

/** 'Mentioned with' links, the central overview and a link's passages, through the API. */
describe('graph explorer: co-mentions, overview and links', () => {
  let server: TestServer;

  async function insert(content: string, title: string): Promise<string> {
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content, title } });
    const last = (await waitForJob(server, body.job_id)).at(-1) as { data: { document_id: string } };
    return last.data.document_id;
  }
  const entityNamed = async (name: string) =>
    (await server.json<EntityListOut>('GET', `/graph/entities?search=${encodeURIComponent(name)}`)).body.entities.find((e) => e.name === name);

  beforeAll(async () => {
    server = await startTestServer();
    for (const title of ['Oxygen', 'Rhine']) await insert(articleText(xquadArticles().find((a) => a.title === title)!), title);
  });
  afterAll(() => server.close());

  it('without co_mentions the edges are the stated facts only, as before', async () => {
    const [rhine] = (await server.json<EntityListOut>('GET', '/graph/entities?search=Rhine')).body.entities;
    const { body } = await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${rhine!.entity_id}&depth=1`);
    expect(body.edges.length).toBeGreaterThan(0);
    expect(body.edges.every((e) => e.kind === 'fact' && e.fact_ids.length === e.count)).toBe(true);
    expect((await server.json<EntityDetailOut>('GET', `/graph/entities/${rhine!.entity_id}`)).body.mentioned_with).toBeUndefined();
  });

  it("with co_mentions a neighbourhood grows along passages, with weighted 'mentioned_with' edges between shown entities", async () => {
    const [rhine] = (await server.json<EntityListOut>('GET', '/graph/entities?search=Rhine')).body.entities;
    const facts = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${rhine!.entity_id}&depth=1`)).body;
    const { status, body } = await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${rhine!.entity_id}&depth=1&co_mentions=true`);
    expect(status).toBe(200);
    expect(body.nodes.length).toBeGreaterThan(facts.nodes.length + 3);
    const ids = new Set(body.nodes.map((n) => n.entity_id));
    const mentioned = body.edges.filter((e) => e.kind === 'mentioned_with');
    expect(mentioned.length).toBeGreaterThan(3);
    const stated = new Set(body.edges.filter((e) => e.kind === 'fact').map((e) => [e.source, e.target].sort().join('|')));
    for (const e of mentioned) {
      expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
      expect(e.count).toBeGreaterThanOrEqual(1);
      expect(e.weight).toBeGreaterThan(0);
      expect(e.fact_ids).toEqual([]);
      expect(stated.has([e.source, e.target].sort().join('|'))).toBe(false);
    }
    // Every entity shown is reached: from the centre by a fact or a co-mention.
    const touched = new Set(body.edges.flatMap((e) => [e.source, e.target]));
    expect(body.nodes.every((n) => touched.has(n.entity_id))).toBe(true);
    expect(body.nodes.every((n) => n.passages >= 1)).toBe(true);
  });

  it("an entity's detail lists what passages name it with, strongest first", async () => {
    const [rhine] = (await server.json<EntityListOut>('GET', '/graph/entities?search=Rhine')).body.entities;
    const { body } = await server.json<EntityDetailOut>('GET', `/graph/entities/${rhine!.entity_id}?co_mentions=true`);
    const companions = body.mentioned_with ?? [];
    expect(companions.length).toBeGreaterThan(3);
    const weights = companions.map((c) => c.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(companions.some((c) => c.entity_id === rhine!.entity_id)).toBe(false);
  });

  it('the overview starts from the most central entities: passages mentioning them plus their relationships', async () => {
    const { body } = await server.json<SubgraphOut>('GET', '/graph/subgraph?limit=40&co_mentions=true');
    expect(body.nodes).toHaveLength(40);
    const centrality = body.nodes.map((n) => n.passages + n.degree);
    expect(centrality).toEqual([...centrality].sort((a, b) => b - a));
    expect(body.nodes.some((n) => ['date', 'quantity'].includes(n.type))).toBe(false);
    // The most central entity has several neighbours among them.
    const top = body.nodes[0]!.entity_id;
    const neighbours = new Set(body.edges.filter((e) => e.source === top || e.target === top).map((e) => (e.source === top ? e.target : e.source)));
    expect(neighbours.size).toBeGreaterThanOrEqual(3);
    const factsOnly = (await server.json<SubgraphOut>('GET', '/graph/subgraph?limit=40')).body;
    expect(factsOnly.edges.every((e) => e.kind === 'fact')).toBe(true);
    expect(factsOnly.nodes.every((n) => n.degree >= 1)).toBe(true);
  });

  it("a link opens its passages, each with the sentence where the two meet; deleting a document takes its passages away", async () => {
    const first = await insert('Ada Lovelace wrote the first program for the Analytical Engine. Charles Babbage designed the Analytical Engine in London.', 'Engines');
    const second = await insert('Ada Lovelace corresponded with Charles Babbage for many years about mathematics.', 'Letters');
    const ada = await entityNamed('Ada Lovelace');
    const babbage = await entityNamed('Charles Babbage');
    expect(ada && babbage).toBeTruthy();
    const link = async () => server.json<LinkDetailOut>('GET', `/graph/links?source=${ada!.entity_id}&target=${babbage!.entity_id}`);
    const before = await link();
    expect(before.status).toBe(200);
    expect(before.body.total_passages).toBe(2);
    const titles = before.body.passages.map((p) => p.title).sort();
    expect(titles).toEqual(['Engines', 'Letters']);
    for (const p of before.body.passages) {
      const chunk = await server.json<{ text: string }>('GET', `/chunks/${p.chunk_id}`);
      expect(chunk.body.text.slice(p.sentence_start, p.sentence_end).trim()).toBe(p.sentence);
    }
    expect(before.body.passages.find((p) => p.title === 'Letters')?.sentence).toBe('Ada Lovelace corresponded with Charles Babbage for many years about mathematics.');

    const edge = async () => {
      const sub = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${ada!.entity_id}&co_mentions=true`)).body;
      return sub.edges.find((e) => [e.source, e.target].sort().join('|') === [ada!.entity_id, babbage!.entity_id].sort().join('|'));
    };
    const drawn = await edge();
    expect(drawn).toBeDefined();
    if (drawn?.kind === 'mentioned_with') expect(drawn.count).toBe(2);

    await server.request('DELETE', `/documents/${second}`);
    const after = await link();
    expect(after.body.total_passages).toBe(1);
    expect(after.body.passages.map((p) => p.title)).toEqual(['Engines']);
    const redrawn = await edge();
    if (redrawn?.kind === 'mentioned_with') expect(redrawn.count).toBe(1);

    await server.request('DELETE', `/documents/${first}`);
    expect((await link()).status).toBe(404);
  });

  it("a replaced document's old passages leave its links and the new ones come in (a watched file saved again)", async () => {
    const dir = tempFolder();
    try {
      const file = join(dir, 'letters.txt');
      writeFileSync(file, 'Grace Hopper worked with Howard Aiken on the Harvard Mark I computer.\n');
      const { body } = await server.json<{ folder: { folder_id: string } }>('POST', '/folders', { body: { path: dir } });
      await settled(server, body.folder.folder_id);
      const [doc] = await folderDocs(server, body.folder.folder_id);
      const hopper = (await entityNamed('Grace Hopper'))!;
      const aiken = (await entityNamed('Howard Aiken'))!;
      const link = (a: string, b: string) => server.json<LinkDetailOut>('GET', `/graph/links?source=${a}&target=${b}`);
      expect((await link(hopper.entity_id, aiken.entity_id)).body.total_passages).toBe(1);

      writeFileSync(file, 'Grace Hopper wrote the first compiler with Jean Sammet at Remington Rand.\n');
      const sammet = await until(() => entityNamed('Jean Sammet'), (e) => e !== undefined);
      const [after] = await folderDocs(server, body.folder.folder_id);
      expect(after?.document_id).toBe(doc?.document_id);
      const hopperNow = (await entityNamed('Grace Hopper'))!;
      expect((await link(hopperNow.entity_id, sammet!.entity_id)).body.total_passages).toBe(1);
      // Howard Aiken was named only by the old text: he and his link are gone.
      expect(await entityNamed('Howard Aiken')).toBeUndefined();
      const sub = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${hopperNow.entity_id}&co_mentions=true`)).body;
      expect(sub.nodes.map((n) => n.name)).not.toContain('Howard Aiken');
      expect(sub.nodes.map((n) => n.name)).toContain('Jean Sammet');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a link without two entities', async () => {
    const [rhine] = (await server.json<EntityListOut>('GET', '/graph/entities?search=Rhine')).body.entities;
    expect((await server.json('GET', `/graph/links?source=${rhine!.entity_id}`)).status).toBe(400);
    expect((await server.json('GET', `/graph/links?source=${rhine!.entity_id}&target=${rhine!.entity_id}`)).status).toBe(400);
    expect((await server.json('GET', `/graph/links?source=${rhine!.entity_id}&target=ent_missing`)).status).toBe(404);
    expect((await server.json('GET', '/graph/subgraph?co_mentions=maybe')).status).toBe(400);
  });
});
