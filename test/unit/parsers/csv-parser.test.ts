import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../../src/core/parse/types';
import { createCsvParser } from '../../../src/adapters/parsers/csv-parser';
import { SHARED_DATA } from '../../helpers/real-data';

const parser = createCsvParser();
const parseText = (text: string) => parser.parse(Buffer.from(text, 'utf8'), {});

async function parseFile(name: string): Promise<{ doc: ParsedDocument; ms: number }> {
  const bytes = readFileSync(`${SHARED_DATA}csv/${name}`);
  const started = performance.now();
  const doc = await parser.parse(bytes, {});
  const ms = performance.now() - started;
  console.info(`${name}: ${doc.blocks.length} rows in ${ms.toFixed(0)} ms (${Math.round(doc.blocks.length / (ms / 1000))} rows/s)`);
  return { doc, ms };
}

const factsOf = (doc: ParsedDocument, block: number) =>
  Object.fromEntries(doc.structuredFacts.filter((fact) => fact.block === block).map((fact) => [fact.predicate, fact.value]));

describe('csv parser on real files', () => {
  it('returns a known airport row with its row number, a readable sentence and its facts', async () => {
    const { doc } = await parseFile('vega-airports.csv');
    expect(doc.blocks).toHaveLength(3376);
    const index = doc.blocks.findIndex((block) => block.text.includes('iata: DEN;'));
    const den = doc.blocks[index];
    // DEN is on line 1265 of the file: the header is row 0, so it is data row 1264.
    expect(den).toEqual({
      text: 'Row 1264. name: Denver Intl; iata: DEN; city: Denver; state: CO; country: USA; latitude: 39.85840806; longitude: -104.6670019',
      row: 1264,
      atomic: true,
    });
    expect(doc.structuredFacts.filter((fact) => fact.block === index)).toEqual([
      { subject: 'Denver Intl', predicate: 'iata', value: 'DEN', block: index },
      { subject: 'Denver Intl', predicate: 'city', value: 'Denver', block: index },
      { subject: 'Denver Intl', predicate: 'state', value: 'CO', block: index },
      { subject: 'Denver Intl', predicate: 'country', value: 'USA', block: index },
      { subject: 'Denver Intl', predicate: 'latitude', value: '39.85840806', block: index },
      { subject: 'Denver Intl', predicate: 'longitude', value: '-104.6670019', block: index },
    ]);
    expect(doc.warnings).toEqual([]);
  });

  it('keeps non-Latin names intact and a quoted comma list in one cell (56 columns)', async () => {
    const { doc } = await parseFile('country-codes.csv');
    expect(doc.blocks).toHaveLength(249);
    const index = doc.structuredFacts.find((fact) => fact.subject === 'China')?.block ?? -1;
    const china = factsOf(doc, index);
    expect(china).toMatchObject({
      'UNTERM Chinese Formal': '中华人民共和国',
      official_name_ar: 'الصين',
      'UNTERM Russian Formal': 'Китайская Народная Республика',
      Languages: 'zh-CN,yue,wuu,dta,ug,za',
      Capital: 'Beijing',
    });
    // The key column is the English official name; the other 55 columns are facts (empty ones skipped).
    expect(Object.keys(china)).not.toContain('official_name_en');
    expect(doc.blocks[index]?.text).toMatch(/^Row \d+\. official_name_en: China; FIFA: CHN; /);
    expect(doc.blocks[index]?.text).toContain('Languages: zh-CN,yue,wuu,dta,ug,za;');
    const afghanistan = doc.structuredFacts.filter((fact) => fact.block === 0);
    expect(afghanistan.every((fact) => fact.subject === 'Afghanistan')).toBe(true);
    expect(afghanistan).toContainEqual({ subject: 'Afghanistan', predicate: 'Languages', value: 'fa-AF,ps,uz-AF,tk', block: 0 });
  });

  it('reads all 10,000 birdstrike rows in well under a second, headers with spaces and $ intact', async () => {
    await parseFile('vega-birdstrikes.csv'); // warm-up: the first call also loads and compiles csv-parse
    const { doc, ms } = await parseFile('vega-birdstrikes.csv');
    expect(doc.blocks).toHaveLength(10_000);
    expect(doc.blocks.map((block) => block.row)).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1));
    expect(doc.blocks.every((block) => block.atomic)).toBe(true);
    expect(ms).toBeLessThan(1000);
    const first = factsOf(doc, 0);
    expect(first).toMatchObject({ 'Wildlife Species': 'Turkey vulture', 'Cost Total $': '0', 'Speed IAS in knots': '300' });
    expect(doc.structuredFacts[0]?.subject).toBe('BARKSDALE AIR FORCE BASE ARPT');
  });

  it('uses a unique text column (the date) as the key when no column is called name or id', async () => {
    const { doc } = await parseFile('vega-seattle-weather.csv');
    expect(doc.blocks).toHaveLength(1461);
    expect(doc.blocks[0]?.text).toBe('Row 1. date: 2012-01-01; precipitation: 0.0; temp_max: 12.8; temp_min: 5.0; wind: 4.7; weather: drizzle');
    expect(factsOf(doc, 0)).toEqual({ precipitation: '0.0', temp_max: '12.8', temp_min: '5.0', wind: '4.7', weather: 'drizzle' });
  });
});

describe('csv parser dialects', () => {
  it.each([
    ['semicolon', ';'],
    ['tab', '\t'],
    ['pipe', '|'],
  ])('detects the %s delimiter', async (_name, delimiter) => {
    const text = ['name,x', 'Ada,1', 'Grace,2'].map((line) => line.replace(',', delimiter)).join('\n');
    const doc = await parseText(`${text}\n`);
    expect(doc.blocks.map((block) => block.text)).toEqual(['Row 1. name: Ada; x: 1', 'Row 2. name: Grace; x: 2']);
  });

  it('is not fooled by commas inside quoted fields of a semicolon file', async () => {
    const doc = await parseText('name;note\n"Smith, J.";"a, b, c"\n"Doe, A.";"d, e"\n');
    expect(doc.structuredFacts).toEqual([
      { subject: 'Smith, J.', predicate: 'note', value: 'a, b, c', block: 0 },
      { subject: 'Doe, A.', predicate: 'note', value: 'd, e', block: 1 },
    ]);
  });

  it('keeps multi-line quoted fields in their row, with a BOM and CRLF line ends', async () => {
    const doc = await parser.parse(Buffer.from('\uFEFFtitle,body\r\n"First","line one\r\nline two"\r\nSecond,"said ""hi"""\r\n', 'utf8'), {});
    expect(doc.blocks).toEqual([
      { text: 'Row 1. title: First; body: line one line two', row: 1, atomic: true },
      { text: 'Row 2. title: Second; body: said "hi"', row: 2, atomic: true },
    ]);
    expect(doc.structuredFacts[0]).toEqual({ subject: 'First', predicate: 'body', value: 'line one line two', block: 0 });
  });

  it('decodes a Windows-1252 CSV', async () => {
    const doc = await parser.parse(iconv.encode('name,city\nCafé Zoë,Besançon\n', 'win1252'), {});
    expect(doc.blocks[0]?.text).toBe('Row 1. name: Café Zoë; city: Besançon');
    expect(doc.warnings[0]).toMatch(/windows-1252/);
  });

  it('names columns itself when the first line is data, and warns', async () => {
    const doc = await parseText('Denver,CO,1\nAustin,TX,2\nDenver,CO,3\n');
    expect(doc.blocks[0]).toEqual({ text: 'Row 1. column 1: Denver; column 2: CO; column 3: 1', row: 1, atomic: true });
    expect(doc.blocks).toHaveLength(3);
    expect(doc.warnings.join(' ')).toMatch(/No header row/);
  });

  it('reads short and long rows and says how many there were', async () => {
    const doc = await parseText('name,a,b\nx,1\ny,1,2,3\n');
    expect(doc.blocks.map((block) => block.text)).toEqual(['Row 1. name: x; a: 1', 'Row 2. name: y; a: 1; b: 2; column 4: 3']);
    expect(doc.warnings.join(' ')).toMatch(/2 row\(s\)/);
  });

  it('leaves empty cells out of the text and the facts', async () => {
    const doc = await parseText('name,a,b\nx,,2\n');
    expect(doc.blocks[0]?.text).toBe('Row 1. name: x; b: 2');
    expect(doc.structuredFacts).toEqual([{ subject: 'x', predicate: 'b', value: '2', block: 0 }]);
  });

  it('gives no facts when every column is a number', async () => {
    const doc = await parseText('x,y\n1,2\n3,4\n');
    expect(doc.blocks).toHaveLength(2);
    expect(doc.structuredFacts).toEqual([]);
  });

  it('fails with no_text_found on empty files and header-only files, malformed on broken quoting', async () => {
    await expect(parseText('')).rejects.toMatchObject({ reason: 'no_text_found' });
    await expect(parseText(' \n\n')).rejects.toMatchObject({ reason: 'no_text_found' });
    await expect(parseText('name,city\n')).rejects.toMatchObject({ reason: 'no_text_found' });
    await expect(parseText('name,city\n"Denver,CO\n')).rejects.toMatchObject({ reason: 'malformed' });
  });
});
