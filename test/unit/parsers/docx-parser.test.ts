import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createDocxParser } from '../../../src/adapters/parsers/docx-parser';
import { detectFileType } from '../../../src/adapters/parsers/detect-type';
import { buildDocx, paragraph, table } from '../../helpers/docx';

const parser = createDocxParser();

describe('docx parser', () => {
  it('brings headings, paragraphs and tables through with heading paths', async () => {
    const bytes = await buildDocx(
      paragraph('Field Guide', 'Title') +
        paragraph('Written for new staff & volunteers.') +
        paragraph('Birds', 'Heading1') +
        paragraph('Turkey vultures ride thermals for hours.') +
        paragraph('Identification', 'Heading2') +
        paragraph('Look for the red head and the two-toned wings.') +
        table([
          ['Species', 'Size'],
          ['Turkey vulture', 'Large'],
          ['Pipe | bird', 'Small'],
        ]) +
        paragraph('Bats', 'Heading1') +
        paragraph('Most bats here are insect eaters.'),
    );
    expect(detectFileType(bytes, { fileName: 'guide.docx' })).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');

    const doc = await parser.parse(bytes, {});
    expect(doc.title).toBe('Field Guide');
    expect(doc.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(doc.blocks).toEqual([
      { text: 'Field Guide\n\nWritten for new staff & volunteers.', section: 'Field Guide' },
      { text: 'Birds\n\nTurkey vultures ride thermals for hours.', section: 'Birds' },
      { text: 'Identification\n\nLook for the red head and the two-toned wings.', section: 'Birds > Identification' },
      {
        text: '| Species | Size |\n| --- | --- |\n| Turkey vulture | Large |\n| Pipe \\| bird | Small |',
        section: 'Birds > Identification',
        atomic: true,
      },
      { text: 'Bats\n\nMost bats here are insect eaters.', section: 'Bats' },
    ]);
  });

  it('reports a corrupt file as malformed', async () => {
    const good = await buildDocx(paragraph('Hello'));
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    await expect(parser.parse(truncated, {})).rejects.toMatchObject({ name: 'ParseFailure', reason: 'malformed' });
    await expect(parser.parse(Buffer.from('not a zip at all'), {})).rejects.toMatchObject({ reason: 'malformed' });
    const zipWithoutDocument = await new JSZip().file('hello.txt', 'hi').generateAsync({ type: 'uint8array' });
    await expect(parser.parse(zipWithoutDocument, {})).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('fails with no_text_found on a document without text', async () => {
    await expect(parser.parse(await buildDocx(paragraph('   ')), {})).rejects.toMatchObject({ reason: 'no_text_found' });
  });
});
