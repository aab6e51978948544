import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, InsufficientCoverageError, KbClient, type StreamEvent } from '../../../src/client/index';
import { createClientFromEnv, uploadPath } from '../../../src/client/node';
import { SHARED_DATA } from '../../helpers/real-data';
import { startSeededServer, type ListeningServer } from '../../helpers/listening-server';

/** The client against the real server on a real socket: every endpoint, typed errors, the stream. */
describe('client library against the real server', () => {
  let server: ListeningServer;
  let kb: KbClient;

  beforeAll(async () => {
    server = await startSeededServer(['Nikola Tesla', 'Genghis Khan']);
    kb = new KbClient({ baseUrl: server.url, apiKey: server.ownerKey });
  }, 60_000);
  afterAll(() => server.close());

  it('reads health without a key and the OpenAPI document with one', async () => {
    expect(await new KbClient({ baseUrl: server.url }).health()).toMatchObject({ status: 'healthy', version: 'test' });
    const openapi = await kb.openapi();
    expect(openapi.openapi).toBe('3.1.0');
  });

  it('inserts, follows the job through its stages and reports every record seen', async () => {
    const { job_id } = await kb.insert({ content: 'Ada Lovelace wrote the first published algorithm in 1843.', title: 'Ada', tags: ['history'] });
    const seen: string[] = [];
    const done = await kb.waitForJob(job_id, { intervalMs: 5, onUpdate: (s) => seen.push(s.status) });
    expect(done.status).toBe('completed');
    expect(done.data?.chunks_created).toBe(1);
    expect(seen.at(-1)).toBe('completed');
    // The job list is newest first.
    expect((await kb.listJobs(1)).map((j) => j.job_id)).toEqual([job_id]);
    const doc = await kb.getDocument(done.data?.document_id ?? '');
    expect(doc).toMatchObject({ title: 'Ada', tags: ['history'], source: 'insert' });
  });

  it('splits a bulk insert over the server limit of 1,000 documents into several requests', async () => {
    const docs = Array.from({ length: 1001 }, (_, i) => ({ content: `Note number ${i} mentions Lisbon.`, title: `note ${i}` }));
    const { job_ids } = await kb.bulkInsert(docs);
    expect(job_ids).toHaveLength(1001);
    expect(new Set(job_ids).size).toBe(1001);
    expect((await kb.jobStatus(job_ids[1000] ?? '')).job_id).toBe(job_ids[1000]);
  });

  it('uploads a real Markdown file from disk and waits for it; its passages open by chunk id', async () => {
    const accepted = await uploadPath(kb, `${SHARED_DATA}markdown/rust-book_ch04-01-what-is-ownership.md`);
    expect(accepted).toMatchObject({ success: true, status: 'processing', filename: 'rust-book_ch04-01-what-is-ownership.md' });
    const status = await kb.waitForUpload(accepted.upload_id);
    expect(status.status).toBe('completed');
    expect(status.chunks_created).toBeGreaterThan(3);
    expect((await kb.jobStatus(status.job_id ?? '')).status).toBe('completed');

    const answer = await kb.query({ query: 'What happens to a value when its owner goes out of scope?' });
    const source = answer.sources[0];
    expect(source?.title).toMatch(/ownership/i);
    const chunk = await kb.getChunk(source?.chunk_id ?? '');
    expect(chunk.document_id).toBe(status.document_id);
    expect(chunk.section).toBeTruthy();

    const { documents, total } = await kb.listDocuments({ limit: 2, offset: 0 });
    expect(documents).toHaveLength(2);
    expect(total).toBeGreaterThan(3);
    await kb.deleteDocument(status.document_id ?? '');
    await expect(kb.getDocument(status.document_id ?? '')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('streams typed events in the documented order, and their text is the JSON answer', async () => {
    const request = { query: 'What did Genghis Khan conquer?', response_mode: 'thinking' as const };
    const events: StreamEvent[] = [];
    for await (const event of kb.queryStream(request)) events.push(event);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['metadata', 'reasoning']);
    expect(types.slice(-2)).toEqual(['sources', 'done']);
    expect(types.slice(2, -2).every((t) => t === 'content')).toBe(true);
    const text = events.map((e) => (e.type === 'content' ? e.data.delta : '')).join('');
    const body = await kb.query(request);
    expect(text).toBe(body.summary);
    expect(body.reasoning?.steps.length).toBeGreaterThan(0);
  });

  it('stops reading when the loop breaks early', async () => {
    const seen: string[] = [];
    for await (const event of kb.queryStream({ query: 'Where did Tesla live for much of his life?' })) {
      seen.push(event.type);
      if (event.type === 'content') break;
    }
    expect(seen).toEqual(['metadata', 'content']);
    // The connection was released: the next call on the same server works at once.
    expect((await kb.health()).status).toBe('healthy');
  });

  it('returns insufficient coverage as data by default and throws it only when asked', async () => {
    const query = 'What is the best recipe for sourdough pancakes with blueberries?';
    const body = await kb.query({ query });
    expect(body).toMatchObject({ insufficient_coverage: true, summary: '' });
    const error = await kb.query({ query }, { throwOnInsufficientCoverage: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientCoverageError);
    expect((error as InsufficientCoverageError).response?.total_chunks).toBe(0);

    const strict = new KbClient({ baseUrl: server.url, apiKey: server.ownerKey, throwOnInsufficientCoverage: true });
    const types: string[] = [];
    const streamed = (async () => {
      for await (const event of strict.queryStream({ query })) types.push(event.type);
    })();
    await expect(streamed).rejects.toBeInstanceOf(InsufficientCoverageError);
    expect(types).toEqual(['metadata']);
  });

  it('keeps a conversation, lists, reads, renames and soft-deletes it', async () => {
    const first = await kb.query({ query: 'Where did Tesla live for much of his life?', maintain_context: true });
    const sessionId = first.session_id ?? '';
    await kb.query({ query: 'What did he invent?', session_id: sessionId });
    expect((await kb.listConversations(10)).map((c) => c.session_id)).toContain(sessionId);
    const detail = await kb.getConversation(sessionId);
    expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    await kb.renameConversation(sessionId, 'Tesla');
    expect((await kb.getConversation(sessionId)).title).toBe('Tesla');
    await kb.deleteConversation(sessionId);
    expect((await kb.listConversations()).map((c) => c.session_id)).not.toContain(sessionId);
    await expect(kb.getConversation(sessionId)).rejects.toBeInstanceOf(ApiError);
  });

  it('explores the graph: entity search, entity detail and its neighbourhood', async () => {
    const { entities } = await kb.searchEntities('genghis', { limit: 5 });
    const genghis = entities.find((e) => e.name === 'Genghis Khan');
    expect(genghis).toBeDefined();
    const detail = await kb.getEntity(genghis?.entity_id ?? '');
    expect(detail.facts.length).toBeGreaterThan(0);
    expect(detail.sources.map((s) => s.title)).toContain('Genghis Khan');
    const sub = await kb.subgraph({ entity_id: genghis?.entity_id ?? '', depth: 1, limit: 20 });
    expect(sub.nodes.find((n) => n.hop === 0)?.entity_id).toBe(genghis?.entity_id);
    expect(sub.edges.length).toBeGreaterThan(0);
    const people = await kb.searchEntities('', { type: ['person'], limit: 3 });
    expect(people.entities.every((e) => e.type === 'person')).toBe(true);
  });

  it("explores co-mentions: 'mentioned_with' links, an entity's companions and a link's passages", async () => {
    const { entities } = await kb.searchEntities('genghis', { limit: 5 });
    const genghis = entities.find((e) => e.name === 'Genghis Khan')!;
    const sub = await kb.subgraph({ entity_id: genghis.entity_id, depth: 1, limit: 40, co_mentions: true });
    const mentioned = sub.edges.filter((e) => e.kind === 'mentioned_with');
    expect(mentioned.length).toBeGreaterThan(0);
    const detail = await kb.getEntity(genghis.entity_id, { coMentions: true });
    expect(detail.mentioned_with?.length).toBeGreaterThan(0);
    const link = await kb.getLink(mentioned[0]!.source, mentioned[0]!.target, { limit: 5 });
    expect(link.total_passages).toBeGreaterThanOrEqual(1);
    expect(link.passages[0]?.sentence.length).toBeGreaterThan(0);
  });

  it('reads the model settings', async () => {
    const settings = await kb.getModelSettings();
    expect(settings.success).toBe(true);
    expect(settings.settings.embedder.kind).toBe('hashed');
    await expect(kb.updateModelSettings({ ollama_host: 'not a url' })).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('signs up, logs in, manages keys and reads limits', async () => {
    const anon = new KbClient({ baseUrl: server.url });
    const signup = await anon.signup('client-test@example.com', 'correct horse battery');
    expect(signup).toMatchObject({ success: true, plan: 'free' });
    expect(signup.api_key).toMatch(/^svc_live_/);
    const login = await anon.login('client-test@example.com', 'correct horse battery');
    const user = new KbClient({ baseUrl: server.url, apiKey: login.api_key });
    const limits = await user.limits();
    expect(limits).toMatchObject({ plan: 'free', queries: { limit: 100, used: 0 }, rate: { requests_per_minute: 60 } });
    const created = await user.createKey('scripts');
    expect((await user.listKeys()).map((k) => k.key_id)).toContain(created.key_id);
    await user.revokeKey(created.key_id);
    const revoked = new KbClient({ baseUrl: server.url, apiKey: created.api_key });
    await expect(revoked.limits()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    // Accounts are isolated: the owner's documents do not exist for this account.
    expect((await user.listDocuments()).total).toBe(0);
    expect(await user.listJobs()).toEqual([]);
  });

  it('turns the documented error body into ApiError with code and field details', async () => {
    const error = (await kb.insert({ content: '   ' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(error.details[0]?.field).toBe('content');
    await expect(kb.jobStatus('job_missing')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('reads SVC_API_KEY and SVC_BASE_URL when no key or address is passed', async () => {
    const fromEnv = createClientFromEnv({}, { SVC_API_KEY: server.ownerKey, SVC_BASE_URL: server.url });
    expect(fromEnv.baseUrl).toBe(server.url);
    expect((await fromEnv.limits()).plan).toBe('local');
    const passed = createClientFromEnv({ apiKey: 'svc_live_notakey000000000000000000000000000' }, { SVC_API_KEY: server.ownerKey, SVC_BASE_URL: server.url });
    await expect(passed.limits()).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('says when the server cannot be reached at all', async () => {
    const closed = new KbClient({ baseUrl: 'http://127.0.0.1:9', apiKey: server.ownerKey });
    await expect(closed.health()).rejects.toBeInstanceOf(ConnectionError);
  });
});
