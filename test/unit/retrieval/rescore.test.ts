import { describe, expect, it } from 'vitest';
import { maxIdf, termWeights } from '../../../src/core/retrieval/coverage';
import { rescore } from '../../../src/core/retrieval/rescore';
import { questionNames } from '../../../src/core/retrieval/question-names';
import { emptyLexicon, type Lexicon } from '../../../src/core/ports';
import { analyze } from '../../../src/core/text/analyze';
import type { ChunkRecord } from '../../../src/core/model';
import { DEFAULT_RETRIEVAL } from '../../../src/core/config';

const chunk = (id: string, text: string): ChunkRecord => ({ id, documentId: `doc-${id}`, ordinal: 0, text, start: 0, end: text.length, page: null, section: null, row: null });

// General English as the lexicon knows it: "get", "new" and "week" are among its commonest words.
const COMMON = new Set(['get', 'new', 'week', 'next', 'first']);
const english: Lexicon = { ...emptyLexicon, prior: (term) => (COMMON.has(term) ? 0.05 : 0.8), priorIdf: () => 10 };
const { rankPrior } = DEFAULT_RETRIEVAL;

describe('rescore', () => {
  const question = 'Getting a new iPhone next week: what about the login codes app?';
  const notes = chunk('notes', 'First week notes. Getting there: next week the new badge arrives, and I get a new desk the week after.');
  const handbook = chunk('handbook', 'Moving to another iPhone: move the login codes app (Authenticator) before you wipe the old phone.');
  // In a small base these words are rare: the index's own IDF ranks the notes first.
  const df = new Map([...analyze(question)].map((t) => [t, 1]));
  const candidates = [notes, handbook].map((c) => ({ chunk: c, heading: '' }));

  it('orders text matches by the question words that are rare in general English, not only in a small base', () => {
    const weights = termWeights(analyze(question), 170, df, { lexicon: english, priorPassages: rankPrior });
    expect(rescore(candidates, weights, maxIdf(170))).toEqual(['handbook', 'notes']);
  });

  it('weighs a word most passages of the base hold as common there, however rare English calls it', () => {
    // A wiki of 250 passages, 22 of them a Postgres runbook's, each headed with its title.
    const terms = analyze('whats the biggest table in postgres');
    const df = new Map([...analyze('biggest table postgres')].map((t, i) => [t, [13, 10, 22][i] ?? 0]));
    const heading = 'Runbook: Postgres Primary Failover';
    const runbook = [
      { chunk: chunk('runbook', 'sudo -iu postgres patronictl -c /etc/patroni/patroni.yml list'), heading },
      { chunk: chunk('lag', 'Step 2 - check replication lag. On the replica you want to promote:'), heading },
      { chunk: chunk('unplanned', 'Unplanned (primary dead or unhealthy):'), heading },
    ];
    const architecture = {
      chunk: chunk('architecture', 'Postgres 15, three nodes per region, managed by Patroni, with PgBouncer in front (see the failover runbook). Largest table: time_entries, about 410 million rows in the UK.'),
      heading: 'Architecture Overview',
    };
    // English: "biggest" and "table" are common; "postgres" is not among its words at all.
    const priors = new Map([...analyze('biggest table')].map((t, i) => [t, [0.4, 0.44][i] ?? 1]));
    const lexicon: Lexicon = { ...english, prior: (term) => priors.get(term) };
    const first = (options: { smallBase?: number; priorPassages?: number }): string => rescore([...runbook, architecture], termWeights(terms, 250, df, { lexicon, ...options }), maxIdf(250))[0] ?? '';
    expect(first({ priorPassages: rankPrior })).toBe('architecture');
    // Blending the two IDFs by the base's size keeps "postgres" as rare as English calls it.
    expect(first({ smallBase: 2000 })).toBe('runbook');
  });

  it('ranks by the knowledge base alone where no lexicon file gives English rates', () => {
    const weights = termWeights(['common', 'rare'], 250, new Map([['common', 200], ['rare', 2]]), { lexicon: emptyLexicon, priorPassages: rankPrior });
    expect(weights.idf.get('rare')).toBeGreaterThan(weights.idf.get('common') ?? Infinity);
    expect(weights.idf.get('common')).toBeGreaterThan(0);
  });

  it('ranks a passage that holds both words of a word the question writes as one ("payday") above one with a common word of the question', () => {
    const terms = analyze('When is my next payday?');
    const [payday = ''] = analyze('payday');
    const compounds = new Map([[payday, [...analyze('pay'), ...analyze('day')]]]);
    const weights = termWeights(terms, 170, new Map([['next', 3]]), { lexicon: english, compounds, relatedCredit: 0.7 });
    const sync = chunk('sync', 'Next sync: Wednesday, same time.');
    const pay = chunk('pay', 'Paid time off builds up each pay period, 18 days a year.');
    expect(rescore([sync, pay].map((c) => ({ chunk: c, heading: '' })), weights, maxIdf(170))).toEqual(['pay', 'sync']);
  });

  it('keeps the index order where the weights do not tell the passages apart', () => {
    const weights = termWeights(['zebra'], 170, new Map([['zebra', 1]]), { lexicon: english });
    expect(rescore(candidates, weights, maxIdf(170))).toEqual(['notes', 'handbook']);
  });

  it('puts a passage that holds a name the question uses whole above one with its words apart', () => {
    const asked = 'Who created the character Kate Ramsay?';
    const apart = chunk('apart', 'Kate Lee created the character Sophie Ramsay.');
    const whole = chunk('whole', 'Its first writer created Kate Ramsay, a character who stayed for years.');
    const terms = analyze(asked);
    const weights = termWeights(terms, 170, new Map(terms.map((t) => [t, 2])), { lexicon: english });
    const ranked = (names: string[][]): string[] => rescore([apart, whole].map((c) => ({ chunk: c, heading: '' })), weights, maxIdf(170), names);
    expect(ranked([])).toEqual(['apart', 'whole']);
    expect(ranked(questionNames(asked))).toEqual(['whole', 'apart']);
  });

  it("does not match a question's number against a table row's label", () => {
    const row = (id: string, n: number, cells: string): ChunkRecord => ({ ...chunk(id, `Row ${n}. ${cells}`), row: n });
    const labelled = row('labelled', 2018, 'name: Louisiana Regional Airport; state: LA');
    const stated = row('stated', 12, 'name: Gonzales Municipal Field; opened: 2018; city: Gonzales; state: LA; runways: 2');
    const terms = analyze('Which airport opened in 2018?');
    const weights = termWeights(terms, 170, new Map(terms.map((t) => [t, 2])), { lexicon: english });
    expect(rescore([labelled, stated].map((c) => ({ chunk: c, heading: '' })), weights, maxIdf(170))).toEqual(['stated', 'labelled']);
  });
});
