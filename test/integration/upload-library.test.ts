import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceRef } from '../../src/shared/api-types';
import { buildDocx, paragraph, table } from '../helpers/docx';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { uploadFile, waitForUpload } from '../helpers/uploads';

// A Word file made at run time and a Markdown file, both uploaded over HTTP; then the Word
// file's document is deleted and must vanish from retrieval and from the graph.

interface QueryBody {
  insufficient_coverage?: boolean;
  summary: string;
  sources: SourceRef[];
  chunks: { chunk_id: string; document_id: string; text: string; section: string | null }[];
  facts: { subject: string; object: string; source: { document_id: string } }[];
}
interface EntityDetail {
  entity: { entity_id: string; name: string };
  facts: { source: { document_id: string } }[];
  sources: { document_id: string }[];
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const fieldGuide = (): Promise<Uint8Array> =>
  buildDocx(
    paragraph('Harwick Field Guide', 'Title') +
      paragraph('Written for the volunteers of the Harwick Bird Observatory.') +
      paragraph('History', 'Heading1') +
      paragraph('Ada Quillfeather founded the Harwick Bird Observatory in 1921. Quillfeather ringed over forty thousand swifts.') +
      paragraph('Species', 'Heading1') +
      paragraph('Ringing totals', 'Heading2') +
      table([
        ['Species', 'Ringed'],
        ['Common swift', '41,200'],
        ['Sand martin', '3,870'],
      ]),
  );

const NEWSLETTER = [
  '# Harwick Newsletter',
  '',
  '## Visiting',
  '',
  'The Harwick Bird Observatory is a ringing station on the Norfolk coast. Tobias Wren leads its morning walk every Saturday.',
  '',
].join('\n');

describe('uploaded documents: Word files, and deletion from retrieval and graph', () => {
  let server: TestServer;
  let guideDoc = '';
  let newsDoc = '';

  const upload = async (file: File): Promise<string> => {
    const res = await uploadFile(server, file);
    expect(res.status).toBe(200);
    const done = await waitForUpload(server, String(res.body.upload_id), 60_000);
    expect(done.status, JSON.stringify(done.error_details)).toBe('completed');
    return done.document_id ?? '';
  };
  const ask = async (query: string): Promise<QueryBody> => (await server.json<QueryBody>('POST', '/query', { body: { query } })).body;
  const entityNamed = async (name: string): Promise<{ entity_id: string; name: string } | undefined> => {
    const found = await server.json<{ entities: { entity_id: string; name: string }[] }>('GET', `/graph/entities?search=${encodeURIComponent(name)}`);
    return found.body.entities.find((e) => e.name === name);
  };

  beforeAll(async () => {
    server = await startTestServer();
    // Sent without a MIME type: the type is decided from the content (a ZIP with word/document.xml).
    guideDoc = await upload(new File([await fieldGuide()], 'guide.docx'));
    newsDoc = await upload(new File([NEWSLETTER], 'newsletter.md', { type: 'text/markdown' }));
  });
  afterAll(() => server.close());

  it('ingests a .docx upload with its title, heading paths and table', async () => {
    const doc = await server.json<{ title: string; mime_type: string; source: string }>('GET', `/documents/${guideDoc}`);
    expect(doc.body).toMatchObject({ title: 'Harwick Field Guide', mime_type: DOCX, source: 'upload' });

    const history = await ask('Who founded the Harwick Bird Observatory?');
    expect(history.summary).toContain('Ada Quillfeather founded the Harwick Bird Observatory in 1921.');
    expect(history.sources[0]).toMatchObject({ document_id: guideDoc, title: 'Harwick Field Guide', section: 'History', page: null, row: null });

    const totals = await ask('How many common swifts were ringed?');
    const tableChunk = totals.chunks.find((c) => c.text.includes('| Common swift | 41,200 |'));
    expect(tableChunk?.section).toBe('Species > Ringing totals');
    // The table stays one piece: header and every row in the same chunk.
    expect(tableChunk?.text).toContain('| Species | Ringed |');
    expect(tableChunk?.text).toContain('| Sand martin | 3,870 |');
  });

  it('deletes an uploaded document from retrieval and from the graph, keeping what another document supports', async () => {
    const founder = await entityNamed('Ada Quillfeather');
    const observatory = await entityNamed('Harwick Bird Observatory');
    expect(founder).toBeDefined();
    expect(observatory).toBeDefined();
    const sharedBefore = await server.json<EntityDetail>('GET', `/graph/entities/${observatory?.entity_id}`);
    expect(new Set(sharedBefore.body.sources.map((s) => s.document_id))).toEqual(new Set([guideDoc, newsDoc]));
    const before = await ask('Who founded the Harwick Bird Observatory?');
    const citedChunk = before.sources[0]?.chunk_id;
    expect(before.sources[0]?.document_id).toBe(guideDoc);

    expect((await server.json<{ success: boolean }>('DELETE', `/documents/${guideDoc}`)).body.success).toBe(true);

    expect((await server.json('GET', `/documents/${guideDoc}`)).status).toBe(404);
    expect((await server.json('GET', `/chunks/${citedChunk}`)).status).toBe(404);
    const after = await ask('Who founded the Harwick Bird Observatory?');
    expect(after.summary).not.toContain('Quillfeather');
    expect(after.sources.every((s) => s.document_id !== guideDoc)).toBe(true);
    expect(after.chunks.every((c) => c.document_id !== guideDoc)).toBe(true);
    expect(after.facts.every((f) => f.source.document_id !== guideDoc)).toBe(true);
    expect((await ask('How many common swifts were ringed?')).chunks.every((c) => c.document_id !== guideDoc)).toBe(true);

    // The entity only the Word file named is gone from the graph; the shared one stays, now
    // supported by the newsletter alone.
    expect(await entityNamed('Ada Quillfeather')).toBeUndefined();
    expect((await server.json('GET', `/graph/entities/${founder?.entity_id}`)).status).toBe(404);
    const sharedAfter = await server.json<EntityDetail>('GET', `/graph/entities/${observatory?.entity_id}`);
    expect(sharedAfter.status).toBe(200);
    expect(sharedAfter.body.sources.map((s) => s.document_id)).toEqual([newsDoc]);
    expect(sharedAfter.body.facts.every((f) => f.source.document_id === newsDoc)).toBe(true);
    const subgraph = await server.json<{ nodes: { entity_id: string }[] }>('GET', `/graph/subgraph?entity_id=${observatory?.entity_id}&depth=3`);
    expect(subgraph.body.nodes.map((n) => n.entity_id)).not.toContain(founder?.entity_id);

    const walk = await ask('Where is the Harwick Bird Observatory?');
    expect(walk.sources[0]?.document_id).toBe(newsDoc);
  });
});
