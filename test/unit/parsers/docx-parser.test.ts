import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createDocxParser } from '../../../src/adapters/parsers/docx-parser';
import { detectFileType } from '../../../src/adapters/parsers/detect-type';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const paragraph = (text: string, style?: string): string =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
const table = (rows: string[][]): string =>
  `<w:tbl>${rows.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
const style = (id: string, name: string): string => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;

/** The smallest Word document mammoth accepts: content types, package and document relationships, styles, body. */
async function buildDocx(body: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}">${style('Title', 'Title')}${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}</w:styles>`,
  );
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'uint8array' });
}

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
