import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDetailOut, EntityListOut, SubgraphOut } from '../../src/shared/graph-schemas';
import { articleText, xquadArticles } from '../helpers/real-data';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

describe('graph explorer endpoints', () => {
  let server: TestServer;
  const documentIds: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    for (const title of ['Oxygen', 'Rhine']) {
      const article = xquadArticles().find((a) => a.title === title)!;
      const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content: articleText(article), title } });
      const last = (await waitForJob(server, body.job_id)).at(-1) as { data: { document_id: string } };
      documentIds[title] = last.data.document_id;
    }
  });
  afterAll(() => server.close());

  it('finds entities by part of their name, exact and prefix matches first', async () => {
    const { status, body } = await server.json<EntityListOut>('GET', '/graph/entities?search=scheele');
    expect(status).toBe(200);
    expect(body.entities[0]?.name).toMatch(/Scheele/);
    expect(body.entities.every((e) => e.name.toLowerCase().includes('scheele'))).toBe(true);
    const rhine = await server.json<EntityListOut>('GET', '/graph/entities?search=Rhine&limit=50');
    expect(rhine.body.entities[0]?.name).toBe('Rhine');
  });

  it('without a search lists the best connected entities, filtered by type and degree', async () => {
    const { body } = await server.json<EntityListOut>('GET', '/graph/entities?limit=10');
    expect(body.entities).toHaveLength(10);
    const degrees = body.entities.map((e) => e.degree);
    expect(degrees).toEqual([...degrees].sort((a, b) => b - a));
    const people = await server.json<EntityListOut>('GET', '/graph/entities?type=place,person&min_degree=1&limit=200');
    expect(people.body.entities.length).toBeGreaterThan(0);
    expect(people.body.entities.every((e) => ['place', 'person'].includes(e.type) && e.degree >= 1)).toBe(true);
    const bad = await server.json<{ error: { code: string; details: { field: string }[] } }>('GET', '/graph/entities?type=planet');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
  });

  it("reads an entity's facts with the sentence of the passage each came from", async () => {
    const [scheele] = (await server.json<EntityListOut>('GET', '/graph/entities?search=Scheele')).body.entities;
    const { status, body } = await server.json<EntityDetailOut>('GET', `/graph/entities/${scheele!.entity_id}`);
    expect(status).toBe(200);
    expect(body.entity.name).toBe(scheele!.name);
    expect(body.facts.length).toBeGreaterThan(0);
    for (const fact of body.facts) {
      expect([fact.subject_id, fact.object_id]).toContain(scheele!.entity_id);
      expect(fact.source.document_id).toBe(documentIds.Oxygen);
      const chunk = await server.json<{ text: string }>('GET', `/chunks/${fact.source.chunk_id}`);
      const sentence = chunk.body.text.slice(fact.source.sentence_start, fact.source.sentence_end);
      expect(sentence).toMatch(/Scheele/);
    }
    expect(body.sources).toEqual([{ document_id: documentIds.Oxygen, title: 'Oxygen', fact_count: body.facts.length }]);
    expect((await server.json('GET', '/graph/entities/ent_missing')).status).toBe(404);
  });

  it('returns a bounded neighbourhood whose edges join only returned entities', async () => {
    const [rhine] = (await server.json<EntityListOut>('GET', '/graph/entities?search=Rhine')).body.entities;
    const one = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${rhine!.entity_id}&depth=1&limit=500`)).body;
    const two = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${rhine!.entity_id}&depth=2&limit=500`)).body;
    expect(one.nodes[0]).toMatchObject({ entity_id: rhine!.entity_id, hop: 0 });
    expect(one.nodes.length).toBe(1 + new Set((await server.json<EntityDetailOut>('GET', `/graph/entities/${rhine!.entity_id}`)).body.neighbours.map((n) => n.entity_id)).size);
    expect(two.nodes.length).toBeGreaterThan(one.nodes.length);
    const ids = new Set(two.nodes.map((n) => n.entity_id));
    expect(two.edges.every((e) => ids.has(e.source) && ids.has(e.target))).toBe(true);

    const capped = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${rhine!.entity_id}&depth=3&limit=3`)).body;
    expect(capped.nodes).toHaveLength(3);
    expect(capped.truncated).toBe(true);
    expect((await server.json('GET', '/graph/subgraph?entity_id=ent_missing')).status).toBe(404);
    expect((await server.json('GET', '/graph/subgraph?limit=501')).status).toBe(400);
  });

  it('keeps the graph in step when a document is deleted', async () => {
    await server.request('DELETE', `/documents/${documentIds.Oxygen}`);
    const { body } = await server.json<EntityListOut>('GET', '/graph/entities?search=Scheele');
    expect(body.entities).toEqual([]);
  });

  it('needs a key and keeps accounts apart', async () => {
    expect((await server.json('GET', '/graph/entities', { key: null })).status).toBe(401);
    const signup = await server.json<{ api_key: string }>('POST', '/api/auth/signup', { body: { email: 'graph@example.com', password: 'long enough' }, key: null });
    const other = await server.json<EntityListOut>('GET', '/graph/entities?search=Rhine', { key: signup.body.api_key });
    expect(other.body.entities).toEqual([]);
  });
});
