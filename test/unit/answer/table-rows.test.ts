import { describe, expect, it } from 'vitest';
import { layOutAnswer } from '../../../src/core/answer/answer-layout';
import { extractiveAnswer } from '../../../src/core/answer/extractive-answer';
import { describeRow, matchingRows } from '../../../src/core/answer/table-rows';
import type { ChunkRecord } from '../../../src/core/model';
import { readRowText, rowText } from '../../../src/core/parse/row-text';
import type { RetrievedChunk } from '../../../src/core/retrieval/retrieve';
import { analyze } from '../../../src/core/text/analyze';

const airport = (row: number, name: string, iata: string, city: string, state: string): string =>
  rowText(row, [
    { column: 'name', value: name },
    { column: 'iata', value: iata },
    { column: 'city', value: city },
    { column: 'state', value: state },
    { column: 'country', value: 'USA' },
    { column: 'latitude', value: '61.17432028' },
    { column: 'longitude', value: '-149.9961856' },
  ]);

function retrieved(text: string, i: number, row: number | null, documentId = 'airports'): RetrievedChunk {
  const chunk: ChunkRecord = { id: `c${i}`, documentId, ordinal: 0, text, start: 0, end: text.length, page: null, section: null, row };
  return { chunk, score: 1 - i / 100, coverage: 1 };
}

const idf = new Map([
  ['ak', 2.5],
  ['anchorag', 6],
  ['airport', 0.5],
  ['latitud', 0.1],
]);

describe('row text', () => {
  it('reads back what it writes, values with colons and semicolons included', () => {
    const cells = [
      { column: 'name', value: 'Chignik (Anchorage Bay)' },
      { column: 'note', value: 'open 9:00-17:00; closed Sundays' },
    ];
    expect(readRowText(rowText(12, cells))).toEqual({ row: 12, cells });
    expect(readRowText('A sentence of prose. It has no cells.')).toBeNull();
  });
});

describe('table rows in an answer', () => {
  it('describes a row from its own values: key first, text values, numbers only when asked for', () => {
    const { cells } = readRowText(airport(1, 'Ted Stevens Anchorage International', 'ANC', 'Anchorage', 'AK')) ?? { cells: [] };
    expect(describeRow(cells, new Set(analyze('Which airports are in AK?')))).toBe('Ted Stevens Anchorage International (ANC, Anchorage, AK, USA)');
    expect(describeRow(cells, new Set(analyze('latitude of Ted Stevens Anchorage International')))).toBe(
      'Ted Stevens Anchorage International (ANC, Anchorage, AK, latitude 61.17432028)',
    );
  });

  it('shows a number whose column the question names as the table shortens it ("temp_max" for the maximum temperature)', () => {
    const cells = [
      { column: 'date', value: '2015-07-04' },
      { column: 'precipitation', value: '0.0' },
      { column: 'temp_max', value: '33.3' },
      { column: 'temp_min', value: '15.0' },
      { column: 'wind', value: '2.2' },
      { column: 'weather', value: 'sun' },
    ];
    expect(describeRow(cells, new Set(analyze('maximum temperature on 2015-07-04')))).toBe('2015-07-04 (temp_max 33.3, temp_min 15.0, sun)');
    // "Rain" names the precipitation column through general English (WordNet files rain under precipitation).
    const rain = new Set(analyze('How much rain fell on 2015-07-04?'));
    expect(describeRow(cells, rain, new Set([...rain, ...analyze('precipitation')]))).toBe('2015-07-04 (precipitation 0.0, sun)');
    // A question that names no column is shown no bare numbers.
    expect(describeRow(cells, new Set(analyze('the weather on 2015-07-04')))).toBe('2015-07-04 (sun)');
  });

  it('lists the rows whose values hold the question’s words, best first, and leaves out prose chunks', () => {
    const chunks = [
      retrieved(airport(5, 'Merrill', 'MRI', 'Anchorage', 'AK'), 0, 5),
      retrieved('Anchorage is the largest city in Alaska.', 1, null, 'notes'),
      retrieved(airport(9, 'Denver Intl', 'DEN', 'Denver', 'CO'), 2, 9),
      retrieved(airport(7, 'Kotlik', '2A9', 'Kotlik', 'AK'), 3, 7),
    ];
    const rows = matchingRows(chunks, { terms: analyze('Which airports are in AK?'), idf }, new Map(), []);
    expect(rows.map((r) => [r.text, r.chunkIndex])).toEqual([
      ['Merrill (MRI, Anchorage, AK, USA)', 0],
      ['Kotlik (2A9, AK, USA)', 3],
    ]);
  });

  it('matches a row under the forms retrieval searched a word under (a synonym: alaska → ak)', () => {
    const chunks = [retrieved(airport(7, 'Kotlik', '2A9', 'Kotlik', 'AK'), 0, 7), retrieved(airport(9, 'Denver Intl', 'DEN', 'Denver', 'CO'), 1, 9)];
    const terms = analyze('Which airports are in Alaska?');
    expect(matchingRows(chunks, { terms, idf: new Map([['alaska', 3]]) }, new Map(), [])).toEqual([]);
    const rows = matchingRows(chunks, { terms, idf: new Map([['alaska', 3]]), variants: new Map([['alaska', ['ak']]]) }, new Map(), []);
    expect(rows.map((r) => r.text)).toEqual(['Kotlik (2A9, AK, USA)']);
  });

  it('names each document above its quotes and cites every item', () => {
    const chunks = [
      retrieved(airport(5, 'Merrill', 'MRI', 'Anchorage', 'AK'), 0, 5),
      retrieved('Anchorage is the largest city in Alaska. It lies on Cook Inlet.', 1, null, 'notes'),
      retrieved(airport(1, 'Ted Stevens Anchorage International', 'ANC', 'Anchorage', 'AK'), 2, 1),
    ];
    const titles = new Map([
      ['airports', 'vega-airports.csv'],
      ['notes', 'Alaska notes'],
    ]);
    const text = extractiveAnswer({ chunks, neighbours: [], question: { terms: analyze('airports in Anchorage'), idf }, titles });
    expect(text).toBe(
      [
        'From “vega-airports.csv”:',
        '- Merrill (MRI, Anchorage, AK, USA) [1]',
        '- Ted Stevens Anchorage International (ANC, Anchorage, AK, USA) [3]',
        '',
        'From “Alaska notes”:',
        'Anchorage is the largest city in Alaska. [2]',
      ].join('\n'),
    );
  });

  it('puts the best group and, within it, the best item first', () => {
    const text = layOutAnswer(
      [
        { kind: 'sentence', text: 'Weaker sentence.', chunkIndex: 0, documentId: 'd', score: 1 },
        { kind: 'row', text: 'Row of another document', chunkIndex: 2, documentId: 'e', score: 2 },
        { kind: 'sentence', text: 'Best sentence.', chunkIndex: 1, documentId: 'd', score: 3 },
      ],
      new Map([
        ['d', 'Doc'],
        ['e', 'Table'],
      ]),
    );
    expect(text).toBe('From “Doc”:\nBest sentence. [2] Weaker sentence. [1]\n\nFrom “Table”:\n- Row of another document [3]');
  });
});
