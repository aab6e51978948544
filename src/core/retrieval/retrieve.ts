import type { RetrievalConfig } from '../config';
import type { ChunkRecord, ResolvedFact, StoredEntity, StoredFact } from '../model';
import type { Embedder, KnowledgeStore, Lexicon, SentenceEncoder } from '../ports';
import type { KnowledgeGraph } from '../graph/knowledge-graph';
import { walkGraph, type WalkStep } from '../graph/graph-walk';
import { termWords, uniqueTerms } from '../text/analyze';
import { cjkNoiseBigrams } from '../text/cjk-words';
import { indexedText } from '../parse/row-text';
import { irregularForms } from '../text/irregular-verbs';
import { maxIdf, termWeights, type TermWeights } from './coverage';
import { basePresence, topicality } from './term-presence';
import { answerability } from './answerability';
import { questionUnits } from './question-units';
import { joinedTokens, questionDates, withDateForms } from './question-dates';
import { namedWords, questionNames } from './question-names';
import { rescore } from './rescore';
import { answerSignals, coverageOf, judgePassage, windowText, type AnswerSignals } from './answer-signals';
import { bridgePages } from './bridge-pages';
import { commonLimit } from './common-terms';
import { compoundParts, formVariants, stemVariants, wordnetRelatives } from './term-variants';
import { readInitialisms } from './question-initialisms';
import { spelledOutInitialisms } from './spelled-out-initialisms';
import { correctSlips, respelled } from './spelling-correction';
import { withoutFraming } from './question-framing';
import { withoutAmountWords } from './amount-asks';
import { backgroundTerms } from './question-context';
import { sentenceMeaning } from './sentence-meaning';
import { textCandidates } from './text-candidates';
import { documentTitles, titleKey } from './document-titles';
import { fuseByRank, sortedByScore, withTextLead, type RankedLeg } from './fusion';
import { candidateEntityKeys, singularConceptKeys } from './query-entities';
import { searchedTitle } from '../text/searched-title';

export type QueryDepth = 'basic' | 'thinking' | 'research';

export interface RetrievalRequest {
  question: string;
  depth: QueryDepth;
  /** Entity names carried over from earlier turns of the conversation. */
  contextEntities: string[];
  /** Search only these documents (conversation uploads); null: the whole knowledge base. */
  scope: string[] | null;
}

export interface RetrievedChunk {
  chunk: ChunkRecord;
  score: number;
  coverage: number;
}

export interface RetrievalResult {
  chunks: RetrievedChunk[];
  facts: ResolvedFact[];
  seeds: StoredEntity[];
  walk: WalkStep[];
  walkFacts: ResolvedFact[];
  /** Entities the walk reached through shared passages (named in the reasoning steps). */
  walkEntities: StoredEntity[];
  /** How likely the passages answer the question, 0..1. */
  coverage: number;
  /** What that judgement was made from (for the benchmark that fits it). */
  signals: AnswerSignals;
  insufficient: boolean;
  queryTerms: string[];
  idf: Map<string, number>;
  /** The index's words each query term was searched under (stems, spellings, synonyms). */
  variants: Map<string, string[]>;
  /** Query terms the index holds only as two words ("payday": pai, dai), which a passage must hold both of. */
  compounds: Map<string, string[]>;
  /** Titles of the passages' documents, by document id. */
  titles: Map<string, string>;
  /** The question's words, as written, that no document holds in any form, spelling or synonym. */
  absentWords: string[];
  /** Dates and codes the question writes, as the term sequences they were searched as ("2014 12 25"). */
  sequences: string[][];
  /** Words general English relates to each query term ("rain" → precipit), by which a table may name a column. */
  relatives: Map<string, string[]>;
}

export interface RetrievalDeps {
  store: KnowledgeStore;
  graph: KnowledgeGraph;
  embedder: Embedder | null;
  config: RetrievalConfig;
  /** General-English word knowledge for judging coverage; absent: the knowledge base's own statistics alone. */
  lexicon?: Lexicon;
  /** A model of sentence meaning, asked when words leave the gate unsure; absent: words alone. */
  encoder?: SentenceEncoder;
  /** Measures each step (the benchmark passes one); by default steps just run. */
  time?: StepTimer;
}

export type StepTimer = <T>(step: string, run: () => Promise<T>) => Promise<T>;

const untimed: StepTimer = (_step, run) => run();

const MAX_FACTS = 60;
const FACTS_PER_SEED = 12;
const HOPS: Record<QueryDepth, number> = { basic: 1, thinking: 2, research: 6 };
/** Terms in more than this share of chunks barely move BM25 but make it score most of the index. */
const COMMON_TERM_SHARE = 0.05;
/** The graph leg ranks passages by the nearest walked entities only; far ones add noise and time. */
const MAX_WALK_ENTITIES = 60;
/** Text matches whose coverage decides whether a second hop is needed. */
const FIRST_HOP = 3;

/**
 * Hybrid retrieval: BM25 over analysed terms (and document titles), passages about the entities
 * the best matches name (bridges), vector neighbours, and passages reached by walking the entity
 * graph from the entities the question names; fused by rank, then checked for coverage.
 */
export async function retrieve(deps: RetrievalDeps, request: RetrievalRequest): Promise<RetrievalResult> {
  const { store, graph, embedder, config } = deps;
  const time = deps.time ?? untimed;
  // "When was she born?" after a question about Marie Curie: the earlier turns' entities join
  // the search and the coverage check, or the follow-up matches anyone's birth.
  const question = await time('initialisms', () =>
    readInitialisms(withoutAmountWords(withoutFraming(request.question)), { graph: graph.view, docFrequency: async (terms) => (await store.termStats(terms)).docFrequency, mentionCounts: (ids) => store.mentionCounts(ids) }),
  );
  const followUp = request.contextEntities.length > 0 && refersBack(question);
  const asked = followUp ? `${question} ${request.contextEntities.join(' ')}` : question;
  const read = uniqueTerms(asked);
  const dates = questionDates(question);
  const dateForms = dates.flatMap((d) => d.variants.flatMap(([, forms]) => forms));
  const first = await time('term statistics', () => store.termStats([...read, ...read.flatMap(irregularForms), ...dateForms]));
  const written = termWords(asked);
  const { readAs, alternatives, spelled } = await time('spelling', () => correctSlips(store, read, first.docFrequency, deps.lexicon ?? null, written, asked));
  const terms = [...readAs.keys()];
  const stats = terms.every((t) => read.includes(t)) ? first : await time('term statistics', () => store.termStats([...terms, ...terms.flatMap(irregularForms), ...dateForms]));
  const variants = withDateForms(await time('stem variants', () => stemVariants(store, terms, stats.docFrequency, deps.lexicon ?? null)), dates, stats.docFrequency);
  // Another reading of a term, searched beside it, with the passages that hold it.
  const addVariant = (term: string, variant: string, passages: number): void => {
    variants.set(term, [...(variants.get(term) ?? []), variant]);
    stats.docFrequency.set(variant, passages);
  };
  for (const [term, others] of alternatives) for (const [t, n] of others) addVariant(term, t, n);
  const abbreviated = await time('spelled-out initialisms', () =>
    spelledOutInitialisms(question, {
      docFrequency: async (ts) => (await store.termStats(ts)).docFrequency,
      passagesWith: async (term, limit) => (await store.getChunks((await store.searchText([term], limit, request.scope)).map((r) => r.chunkId))).map((c) => c.text),
    }),
  );
  for (const { term, passages, standsFor } of abbreviated) for (const t of standsFor.filter((w) => terms.includes(w))) addVariant(t, term, passages);
  const compounds = await time('compounds', () => compoundParts(store, terms, stats.docFrequency, variants, deps.lexicon ?? null));
  const units = questionUnits(question, deps.lexicon ?? null);
  // A name's terms as read: a slip in one ("Serena Wiliams") is judged as the word meant.
  const meant = new Map([...readAs].map(([term, from]) => [from, term]));
  const asRead = (t: string): string => meant.get(t) ?? t;
  const names = questionNames(question).map((name) => name.map(asRead));
  const said = backgroundTerms(question);
  const background = new Set(terms.filter((t) => said.has(readAs.get(t) ?? t)));
  const weigh = (ts: string[], searched = variants, priorPassages?: number): TermWeights =>
    termWeights(ts, stats.chunkCount, stats.docFrequency, { variants: searched, lexicon: deps.lexicon ?? null, smallBase: config.smallBase, priorPassages, relatedCredit: config.relatedCredit, units, compounds, background });
  const weights = weigh(terms);
  const { searchTerms, commonTerms } = selectiveTerms([...terms, ...[...variants.values(), ...compounds.values()].flat()], stats.docFrequency, stats.chunkCount);

  const seeds = await time('entities named', async () => {
    const named = await store.findEntitiesByKeys([...candidateEntityKeys(question), ...request.contextEntities.flatMap(candidateEntityKeys)]);
    const singular = singularConceptKeys(question);
    if (singular.length === 0) return named;
    const ids = new Set(named.map((e) => e.id));
    return [...named, ...(await store.findEntitiesByKeys(singular)).filter((e) => e.type === 'concept' && !ids.has(e.id))];
  });
  const budget = request.depth === 'research' ? config.researchFactBudget : config.candidates * 4;
  const basic = request.depth === 'basic';
  const walk = await time('graph walk', () =>
    walkGraph(graph, store, seeds.map((s) => s.id), { maxHops: HOPS[request.depth], budget, scope: request.scope, perHopPassageNeighbours: basic ? 0 : undefined }),
  );

  // A date ("3 March 2014" as 2014 03 03) or a code written as one token ("COVID-19") is searched as its sequence too.
  const sequences = [...new Map([...dates.map((d) => d.phrase), ...joinedTokens(question)].map((q) => [q.join(' '), q])).values()];
  const forms = new Map(terms.map((t) => [t, [t, ...(variants.get(t) ?? []), ...(compounds.get(t) ?? [])]]));
  const text = await time('text search', () => textCandidates(store, { forms, searchTerms, commonTerms, docFrequency: stats.docFrequency, limit: config.candidates, scope: request.scope, sequences }));
  const matches = await time('text matches', async () => {
    const chunks = await store.getChunks(text.map((r) => r.chunkId));
    const titles = await documentTitles(store, chunks.map((c) => c.documentId));
    return { chunks, titles };
  });
  // The index's BM25 finds the candidates; the question's own term weights order them.
  const textIds = rescore(matches.chunks.map((chunk) => ({ chunk, heading: headingOf(chunk, matches.titles) })), weigh(terms, variants, config.rankPrior), maxIdf(stats.chunkCount), [...names, ...sequences]);
  const legs: RankedLeg[] = [{ name: 'text', weight: 1, chunkIds: textIds }];
  if (config.namedPageWeight > 0 && text.length > 0) {
    const pages = namedPages(matches.chunks, matches.titles, new Set(candidateEntityKeys(question)));
    if (pages.length > 0) legs.push({ name: 'named pages', weight: config.namedPageWeight, chunkIds: pages });
  }
  // A lexical embedder only repeats BM25 with noise (see config.vectorWeight), so it is asked only
  // when the text index finds too little, and counts only when that is nothing at all.
  const vectorWeight = !embedder ? 0 : text.length === 0 ? 1 : config.vectorWeight[embedder.quality];
  if (embedder && vectorWeight > 0 && (embedder.quality === 'semantic' || text.length < config.topK)) {
    const rows = await time('vector search', async () => {
      const index = await store.ensureVectorIndex(embedder.id, embedder.dimensions);
      const [vector] = await embedder.embed([question]);
      return vector ? store.searchVectors(index, vector, config.candidates, request.scope) : [];
    });
    legs.push({ name: 'vector', weight: vectorWeight, chunkIds: rows.map((r) => r.chunkId) });
  }
  // At basic depth the walk's passages only cost time: on XQuAD and HotpotQA they ranked no better
  // than text alone, so basic depth keeps the walk for its facts and skips its passages.
  if (walk.length > 0 && !basic) {
    const near = walk.slice(0, MAX_WALK_ENTITIES).map((w) => w.entityId);
    const rows = await time('passages of walked entities', () => store.chunksMentioning(near, config.candidates, request.scope));
    legs.push({ name: 'graph', weight: config.graphWeight[request.depth], chunkIds: rows.map((r) => r.chunkId) });
  }

  // A bridge is the second hop from something the question names. A question that names nothing
  // the knowledge base knows ("What is the country known for?") has no first hop: its best
  // passages match only its common words, and their names would pull in unrelated passages.
  // A question the best text matches already cover whole needs no second hop: bridges would only
  // push passages about their other names above the direct answers (rows of a table, say).
  const needsHop = seeds.length > 0 && firstHopCoverage(textIds.slice(0, FIRST_HOP), matches, weights) < config.bridgeBelow;
  const bridged = !needsHop ? [] : await time('pages of bridge entities', () => bridgePages(store, textIds, new Set(seeds.map((e) => e.id)), request.scope));
  if (bridged.length > 0) legs.push({ name: 'bridge pages', weight: config.bridgePageWeight, chunkIds: bridged });

  const scores = fuseByRank(legs, config.rrfK);
  const records = await time('chunk texts', () => store.getChunks(withTextLead(sortedByScore(scores), textIds, config.textLead).slice(0, config.topK)));
  const fused = records.map((c) => c.id);
  const titles = await time('document titles', () => documentTitles(store, records.map((c) => c.documentId), matches.titles));
  const judge = (w: TermWeights) => records.map((chunk) => judgePassage({ title: headingOf(chunk, titles), text: indexedText(chunk), record: chunk.row !== null }, w));
  const judged = judge(weights);
  const chunks = records.map((chunk, i) => ({ chunk, score: scores.get(chunk.id) ?? 0, coverage: judged[i]?.window.share ?? 0 }));
  // The earlier turns' names rank a follow-up's passages, but whether they answer is judged on the
  // question's own words: "Who won the 1954 world cup final?" after a question about TraceMonkey
  // must not pass because TraceMonkey's passages hold "TraceMonkey". A bare "And her?" has only them.
  const ownRead = new Set(uniqueTerms(question));
  const noise = cjkNoiseBigrams(question);
  const plain = terms.filter((t) => !noise.has(t) && (!followUp || ownRead.has(readAs.get(t) ?? t)));
  const own = plain.length > 0 ? plain : terms;
  const judgedVariants = formVariants(variants, deps.lexicon ?? null);
  const sameJudging = own.length === terms.length && [...variants].every(([t, vs]) => judgedVariants.get(t)?.length === vs.length);
  const judgingWeights = sameJudging ? weights : weigh(own, judgedVariants);
  const judging = { terms: own, weights: judgingWeights, judged: sameJudging ? judged : judge(judgingWeights) };
  const presence = await time('related words', () => basePresence(store, judging.terms, stats.docFrequency, judgedVariants, judging.weights));
  const signals = answerSignals(judging.terms, judging.weights, judging.judged, { presence, topicality: topicality(stats.chunkCount, stats.docFrequency, judgedVariants, deps.lexicon ?? null), names, namedWords: namedWords(question).map(asRead), meaning: (t) => deps.lexicon?.meaning(t) });
  let coverage = records.length === 0 ? 0 : answerability(signals, config.gate);
  // Words alone leave the gate unsure whether to answer: a model of sentence meaning tells a passage
  // that shares the question's words from one that answers it. Asked only then (it is slow beside
  // the words), not for what words already refuse, and not for a follow-up, whose meaning lies
  // partly in earlier turns the encoder does not see.
  const encoder = deps.encoder;
  if (encoder && !followUp && records.length > 0 && coverage >= config.coverageThreshold && coverage < config.encoderBelow) {
    const windows = judging.judged.flatMap((j, i) => {
      const c = records[i];
      return c ? [`${headingOf(c, titles)}. ${windowText(indexedText(c), j)}`] : [];
    });
    const closeness = await time('sentence meaning', () => sentenceMeaning(encoder, respelled(request.question, spelled), windows, 1 - signals.unread));
    if (closeness !== undefined) {
      signals.sentenceMeaning = closeness;
      coverage = answerability(signals, config.encoderGate);
    }
  }
  const insufficient = chunks.length === 0 || coverage < config.coverageThreshold;

  const walkFactIds = new Set(walk.flatMap((w) => (w.viaFactId ? [w.viaFactId] : [])));
  const seedIds = new Set(seeds.map((s) => s.id));
  const resolved = await time('facts', async () => {
    const facts = new Map<string, StoredFact>();
    for (const f of await store.getFacts([...walkFactIds])) facts.set(f.id, f);
    for (const f of await store.factsOfEntities([...seedIds], FACTS_PER_SEED)) facts.set(f.id, f);
    for (const f of await store.factsOfChunks(fused, MAX_FACTS)) facts.set(f.id, f);
    return resolveFacts(store, rankFacts([...facts.values()], walkFactIds, seedIds).slice(0, MAX_FACTS));
  });
  const walkEntities = await store.getEntities(walk.slice(0, MAX_WALK_ENTITIES).flatMap((w) => (w.via === 'passage' ? [w.entityId] : [])));
  return {
    chunks: insufficient ? [] : chunks,
    facts: insufficient ? [] : resolved,
    seeds,
    walk,
    walkFacts: resolved.filter((f) => walkFactIds.has(f.id)),
    walkEntities,
    coverage,
    signals,
    insufficient,
    queryTerms: weights.terms,
    idf: weights.idf,
    variants,
    compounds,
    titles,
    absentWords: terms.filter((t) => presence(t) === 0).map((t) => written.get(readAs.get(t) ?? t)?.[0] ?? t),
    sequences,
    relatives: wordnetRelatives(weights.terms, deps.lexicon ?? null),
  };
}

/**
 * The best text match of each document titled with a name the question uses ("Which came first,
 * the forming of The Dandy Warhols or …" → the page "The Dandy Warhols", not an album page whose
 * longer title holds the same words).
 */
function namedPages(chunks: readonly ChunkRecord[], titles: Map<string, string>, keys: Set<string>): string[] {
  if (keys.size === 0) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of chunks) {
    if (seen.has(c.documentId)) continue;
    seen.add(c.documentId);
    if (keys.has(titleKey(titles.get(c.documentId) ?? ''))) out.push(c.id);
  }
  return out;
}

/** What the best of the first text matches covers of the question on its own. */
function firstHopCoverage(ids: string[], matches: { chunks: readonly ChunkRecord[]; titles: Map<string, string> }, weights: TermWeights): number {
  const byId = new Map(matches.chunks.map((c) => [c.id, c]));
  return ids.reduce((max, id) => {
    const c = byId.get(id);
    return c ? Math.max(max, coverageOf(headingOf(c, matches.titles), indexedText(c), weights)) : max;
  }, 0);
}

/**
 * A passage is indexed under its document's title and its section's headings (a table under
 * "Hotels" is about hotels without saying so), so they count towards what it covers.
 */
function headingOf(chunk: ChunkRecord, titles: Map<string, string>): string {
  return `${searchedTitle(titles.get(chunk.documentId) ?? '')}\n${chunk.section ?? ''}`;
}

const BACK_REFERENCE = /\b(?:he|she|it|they|him|her|his|hers|its|them|their|theirs|this|that|these|those|there|then)\b/iu;

/** Whether a question leans on an earlier turn: a pronoun, or no capitalised name of its own. */
function refersBack(question: string): boolean {
  return BACK_REFERENCE.test(question) || !/\s\p{Lu}/u.test(` ${question.slice(1)}`);
}

/**
 * The question's terms without the very common ones, unless nothing rarer that the index holds is
 * left: a word it lacks ("alaska", searched as "ak") finds nothing, and must not stand alone. The
 * common ones left out come apart, for when the others find few passages.
 */
function selectiveTerms(terms: string[], df: Map<string, number>, chunkCount: number): { searchTerms: string[]; commonTerms: string[] } {
  const limit = commonLimit(chunkCount, COMMON_TERM_SHARE);
  const indexed = terms.filter((t) => (df.get(t) ?? 0) > 0);
  const rare = indexed.filter((t) => (df.get(t) ?? 0) <= limit);
  if (rare.length === 0) return { searchTerms: indexed.length > 0 ? indexed : terms, commonTerms: [] };
  return { searchTerms: rare, commonTerms: indexed.filter((t) => (df.get(t) ?? 0) > limit) };
}

/** Facts on the walk first, then facts about the named entities, then the rest; surest first within each. */
function rankFacts(facts: StoredFact[], walkFactIds: Set<string>, seedIds: Set<string>): StoredFact[] {
  const tier = (f: StoredFact): number =>
    walkFactIds.has(f.id) ? 0 : seedIds.has(f.subjectId) || (f.objectId !== null && seedIds.has(f.objectId)) ? 1 : 2;
  return facts.sort((a, b) => tier(a) - tier(b) || b.confidence - a.confidence);
}

/** Adds subject and object names to facts. */
export async function resolveFacts(store: KnowledgeStore, facts: StoredFact[]): Promise<ResolvedFact[]> {
  const ids = facts.flatMap((f) => (f.objectId ? [f.subjectId, f.objectId] : [f.subjectId]));
  const names = new Map((await store.getEntities(ids)).map((e) => [e.id, e.name]));
  return facts.map((f) => ({
    ...f,
    subject: names.get(f.subjectId) ?? f.subjectId,
    object: f.objectId ? (names.get(f.objectId) ?? f.objectId) : (f.value ?? ''),
  }));
}
