import { factOut } from '../../../core/answer/api-shapes';
import type { Engine } from '../../../core/engine';
import type { ApiSchemas } from '../../../shared/api-schemas';
import * as out from '../../../shared/api-response-schemas';
import { chunkDetailOut, documentOut } from '../api-mappers';
import { route, type AnyRouteSpec } from '../route-spec';

export function documentRoutes(engine: Engine, schemas: ApiSchemas): AnyRouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/documents',
      summary: 'The document library, newest first',
      tag: 'documents',
      auth: true,
      query: schemas.pageParams,
      response: out.documentList,
      handle: async ({ c, auth, query }) => {
        const { documents, total } = await engine.knowledgeBase(auth).listDocuments(query);
        return c.json({ documents: documents.map(documentOut), total, limit: query.limit, offset: query.offset });
      },
    }),
    route({
      method: 'get',
      path: '/documents/{document_id}',
      summary: 'One document',
      tag: 'documents',
      auth: true,
      errors: [404],
      response: out.documentOut,
      handle: async ({ c, auth, params }) => c.json(documentOut(await engine.knowledgeBase(auth).getDocument(params.document_id ?? ''))),
    }),
    route({
      method: 'get',
      path: '/documents/{document_id}/facts',
      summary: 'Every fact read from a document, in reading order, each with the sentence it came from',
      tag: 'documents',
      auth: true,
      errors: [404],
      query: schemas.pageParams,
      response: out.documentFactList,
      handle: async ({ c, auth, params, query }) => {
        const { document, facts, total } = await engine.knowledgeBase(auth).documentFacts(params.document_id ?? '', query);
        const titles = new Map([[document.id, document.title]]);
        const body = facts.map((f) => {
          const shaped = factOut(f, titles);
          return { ...shaped, sentence: f.sentence, source: { ...shaped.source, sentence_start: f.sentenceStart, sentence_end: f.sentenceEnd } };
        });
        return c.json({ facts: body, total, limit: query.limit, offset: query.offset });
      },
    }),
    route({
      method: 'delete',
      path: '/documents/{document_id}',
      summary: 'Delete a document with its chunks, vectors and the facts only it supported',
      tag: 'documents',
      auth: true,
      errors: [404],
      response: out.okMessage,
      handle: async ({ c, auth, params }) => {
        await engine.knowledgeBase(auth).deleteDocument(params.document_id ?? '');
        return c.json({ success: true, message: 'Document deleted' });
      },
    }),
    route({
      method: 'get',
      path: '/chunks/{chunk_id}',
      summary: 'A chunk with its document, page and character offsets, to open a cited passage',
      tag: 'documents',
      auth: true,
      errors: [404],
      response: out.chunkDetail,
      handle: async ({ c, auth, params }) => {
        const { chunk, document } = await engine.knowledgeBase(auth).getChunk(params.chunk_id ?? '');
        return c.json(chunkDetailOut(chunk, document));
      },
    }),
  ];
}
