import type { QueryRequest } from '../../shared/api-schemas';
import type { ReasoningStep, SourceRef } from '../../shared/api-types';
import { KbError, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import type { ConversationRecord } from '../model';
import type { Embedder, KnowledgeStore, Lexicon, SentenceEncoder } from '../ports';
import type { EngineConfig } from '../config';
import type { ModelAccess } from '../models/model-runtime';
import type { KnowledgeGraph } from '../graph/knowledge-graph';
import { retrieve, type QueryDepth, type RetrievalResult } from '../retrieval/retrieve';
import { documentFiles, documentTitles } from '../retrieval/document-titles';
import { chooseAnswerer, citedNumbers, createExtractiveAnswerer, type Answerer, type NeighbourReader } from './answerer';
import { reasoningFromWalk } from './reasoning-steps';
import { sourceOut, type DocumentFiles } from './api-shapes';
import { searchWeb, type WebOutcome } from './web-search';

export interface QueryContext {
  store: KnowledgeStore;
  graph: KnowledgeGraph;
  /** The embedder of the active vector index; null: text and graph search only. */
  embedder: Embedder | null;
  models: ModelAccess;
  config: EngineConfig;
  /** General-English word knowledge; absent: the knowledge base's own words only. */
  lexicon?: Lexicon;
  /** A model of sentence meaning for the coverage gate; absent: it judges by words alone. */
  encoder?: SentenceEncoder;
}

/** Everything a query found, ready to be rendered as one JSON body or as a stream. */
export interface PreparedQuery {
  request: QueryRequest;
  sessionId: string | null;
  depth: QueryDepth;
  result: RetrievalResult;
  titles: Map<string, string>;
  /** The watched file of each passage's document that is one, so a citation can show its path. */
  files: DocumentFiles;
  reasoning: ReasoningStep[] | null;
  answerer: Answerer | null;
  /** Answers from the retrieved sentences when the model fails before a JSON answer is complete. */
  extractive: Answerer;
  web: WebOutcome;
  startedAt: number;
  /** Sources cited by a finished answer. */
  sourcesFor(answer: string): SourceRef[];
  /** Records a finished turn in the conversation, when there is one; an unfinished answer is never recorded. */
  complete(answer: string): Promise<void>;
}

const TITLE_CHARS = 80;
const CONTEXT_TURNS = 2;

export async function prepareQuery(ctx: QueryContext, request: QueryRequest): Promise<PreparedQuery> {
  const startedAt = performance.now();
  const scope = await uploadScope(ctx.store, request.conversation_upload_ids);
  const neighbours: NeighbourReader = (ids) => ctx.store.neighbouringChunks(ids);
  const choice = request.include_summary
    ? await chooseAnswerer(ctx.models.chatModel(), {
        requested: request.model,
        configured: ctx.models.settings().answerModel,
        contextCapTokens: ctx.config.models.contextCapTokens,
      }, neighbours)
    : null;
  if (choice && 'unknownModel' in choice) {
    throw new KbError('invalid_request', `model '${choice.unknownModel}' is not available; available models: ${choice.available.join(', ')}`, {
      details: [{ field: 'model', problem: 'unknown model' }],
    });
  }
  const conversation = await openConversation(ctx.store, request);
  const contextEntities = conversation ? await recentEntities(ctx.store, conversation.id) : [];
  const depth: QueryDepth = request.query_depth ?? (request.response_mode === 'chat' ? 'basic' : request.response_mode);
  const result = await retrieve(
    { store: ctx.store, graph: ctx.graph, embedder: ctx.embedder, config: ctx.config.retrieval, lexicon: ctx.lexicon, ...(ctx.encoder ? { encoder: ctx.encoder } : {}) },
    { question: request.query, depth, contextEntities, scope },
  );
  // Retrieval already knows the passages' titles; only facts from other documents need theirs.
  const titles = await documentTitles(ctx.store, [...result.titles.keys(), ...result.facts.map((f) => f.documentId)], result.titles);
  const files = await documentFiles(ctx.store, result.chunks.map((c) => c.chunk.documentId));
  const web = request.web_search_enabled ? await searchWeb(ctx.models.webSearch(), request.query, ctx.config.models.webResults) : { used: false, results: [] };
  // What the turn was about, for the next one's "she" or "it": the names the question used, and
  // the main names of the passage that answered it ("Who built the first compiler?" is about Grace Hopper).
  const turnEntities = conversation ? await entitiesOfTurn(ctx.store, result) : [];

  return {
    request,
    sessionId: conversation?.id ?? null,
    depth,
    result,
    titles,
    files,
    reasoning: request.response_mode === 'chat' ? null : reasoningFromWalk(result),
    answerer: result.insufficient ? null : (choice?.answerer ?? null),
    extractive: createExtractiveAnswerer(neighbours),
    web,
    startedAt,
    sourcesFor: (answer) =>
      citedNumbers(answer).flatMap((n) => {
        const chunk = result.chunks[n - 1];
        return chunk ? [sourceOut(chunk, titles, files)] : [];
      }),
    complete: async (answer) => {
      if (!conversation) return;
      const at = nowIso();
      await ctx.store.appendMessages(conversation.id, [
        { role: 'user', content: request.query, timestamp: at, entities: turnEntities },
        { role: 'assistant', content: answer, timestamp: at, entities: [] },
      ]);
    },
  };
}

/** The documents of the uploads a question is restricted to; null when it is not restricted. */
async function uploadScope(store: KnowledgeStore, uploadIds: string[] | undefined): Promise<string[] | null> {
  if (!uploadIds || uploadIds.length === 0) return null;
  const documents: string[] = [];
  for (const id of uploadIds) {
    const upload = await store.getUpload(id);
    if (!upload) throw notFound('upload', id);
    if (upload.documentId) documents.push(upload.documentId);
  }
  return documents;
}

async function openConversation(store: KnowledgeStore, request: QueryRequest): Promise<ConversationRecord | null> {
  if (request.session_id !== undefined) {
    const existing = await store.getConversation(request.session_id);
    if (!existing || existing.deletedAt !== null) throw notFound('conversation', request.session_id);
    return existing;
  }
  if (!request.maintain_context) return null;
  const at = nowIso();
  const conversation: ConversationRecord = {
    id: newId('ses'),
    title: titleFromQuestion(request.query),
    createdAt: at,
    lastUpdated: at,
    turnCount: 0,
    preview: '',
    deletedAt: null,
  };
  await store.createConversation(conversation);
  return conversation;
}

function titleFromQuestion(question: string): string {
  const oneLine = question.replace(/\s+/gu, ' ').trim();
  return oneLine.length <= TITLE_CHARS ? oneLine : `${oneLine.slice(0, TITLE_CHARS - 1).trimEnd()}…`;
}

const SUBJECTS_PER_TURN = 2;

async function entitiesOfTurn(store: KnowledgeStore, result: RetrievalResult): Promise<string[]> {
  const top = result.chunks[0];
  const subjects = top ? (await store.namedEntitiesOfChunks([top.chunk.id])).slice(0, SUBJECTS_PER_TURN).map((r) => r.entity.name) : [];
  return [...new Set([...result.seeds.map((s) => s.name), ...subjects])];
}

/** Entities of the last few user turns, so "when was she born?" can lean on the previous question. */
async function recentEntities(store: KnowledgeStore, conversationId: string): Promise<string[]> {
  const messages = await store.getMessages(conversationId);
  return messages
    .filter((m) => m.role === 'user')
    .slice(-CONTEXT_TURNS)
    .flatMap((m) => m.entities);
}

