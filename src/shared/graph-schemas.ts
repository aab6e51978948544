import { z } from 'zod';

/** Request parameters and response bodies of the graph explorer's endpoints (`/graph/...`). */
export const ENTITY_TYPE_NAMES = ['person', 'organization', 'place', 'work', 'date', 'quantity', 'concept', 'other'] as const;
/** Why a name was merged into an entity (see the merge history of GET /graph/entities/{id}). */
export const ALIAS_REASONS = ['acronym', 'surname', 'title'] as const;

/** Largest neighbourhood one request returns: what a browser can lay out and draw smoothly. */
export const MAX_SUBGRAPH_NODES = 500;

const typeList = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').map((t) => t.trim()).filter(Boolean) : []))
  .pipe(z.array(z.enum(ENTITY_TYPE_NAMES)))
  .meta({ description: 'Comma-separated entity types to keep, e.g. `person,place`', example: 'person,place' });

const minDegree = z.coerce.number().int().min(0).optional().default(0).meta({ description: 'Only entities with at least this many relationships' });

export const entitySearchParams = z.object({
  search: z.string().max(200).optional().default('').meta({ description: 'Part of the name, case-insensitive; empty: the best connected entities' }),
  type: typeList,
  min_degree: minDegree,
  limit: z.coerce.number().int().min(1).max(200).optional().default(20),
});

const coMentionsParam = z
  .enum(['true', 'false'])
  .optional()
  .default('false')
  .transform((v) => v === 'true')
  .meta({
    description:
      "true: also link entities that passages name together (edges of kind 'mentioned_with', weighted by how often and how specifically they meet) and, for a neighbourhood, grow along them. Default false",
  });

export const entityDetailParams = z.object({ co_mentions: coMentionsParam });

export const subgraphParams = z.object({
  entity_id: z.string().min(1).max(100).optional().meta({ description: 'Centre of the neighbourhood; absent: an overview of the best connected entities' }),
  depth: z.coerce.number().int().min(1).max(3).optional().default(1),
  limit: z.coerce.number().int().min(1).max(MAX_SUBGRAPH_NODES).optional().default(150),
  type: typeList,
  min_degree: minDegree,
  co_mentions: coMentionsParam,
});

/** Largest number of passages one link request lists. */
export const MAX_LINK_PASSAGES = 100;

export const linkParams = z.object({
  source: z.string().min(1).max(100).meta({ description: 'One end of the link (an entity id)' }),
  target: z.string().min(1).max(100).meta({ description: 'The other end' }),
  limit: z.coerce.number().int().min(1).max(MAX_LINK_PASSAGES).optional().default(20).meta({ description: 'Most passages listed, newest first' }),
});

const entity = z
  .object({ entity_id: z.string(), name: z.string(), type: z.string(), degree: z.number().int().meta({ description: 'Relationships in the whole graph' }) })
  .meta({ id: 'Entity' });

export const entityList = z.object({ entities: z.array(entity), total: z.number().int() }).meta({ id: 'EntityList' });

const factSource = z.object({
  document_id: z.string(),
  title: z.string(),
  chunk_id: z.string(),
  page: z.number().int().nullable(),
  row: z.number().int().nullable(),
  section: z.string().nullable(),
  sentence_start: z.number().int().meta({ description: 'Offset of the sentence the fact was read from, inside the chunk text' }),
  sentence_end: z.number().int(),
});

const sourcedFact = z.object({
  fact_id: z.string(),
  subject: z.string(),
  subject_id: z.string(),
  predicate: z.string(),
  object: z.string(),
  object_id: z.string().nullable(),
  kind: z.enum(['relationship', 'attribute']),
  confidence: z.number(),
  source: factSource,
});

const companion = entity.extend({
  count: z.number().int().meta({ description: 'Passages that name both' }),
  weight: z.number().meta({ description: 'How strongly passages tie the two: shared passages (a passage naming many entities counts less) times how much more often they meet than chance' }),
});

export const entityDetail = z
  .object({
    entity,
    facts: z.array(sourcedFact),
    neighbours: z.array(entity.extend({ predicates: z.array(z.string()) })),
    mentioned_with: z
      .array(companion)
      .optional()
      .meta({ description: 'With co_mentions=true: the entities passages most strongly name it with, strongest first' }),
    sources: z.array(z.object({ document_id: z.string(), title: z.string(), fact_count: z.number().int() })),
    aliases: z.array(z.string()).meta({ description: 'Other names it goes by: entities merged into it and aliases documents gave it', example: ['IBM'] }),
    merged_entities: z
      .array(z.object({ entity_id: z.string(), name: z.string() }))
      .meta({ description: 'Entities of other names whose mentions and facts count for this one; asking for one of them returns this entity' }),
    merge_history: z
      .array(
        z.object({
          alias: z.string().meta({ description: 'The name as the document wrote it', example: 'IBM' }),
          key: z.string().meta({ description: 'The normalised name it was matched by' }),
          reason: z.enum(ALIAS_REASONS).meta({ description: "acronym: defined as 'Name (ACRONYM)'; surname or title: a lone surname, or a title and surname, for the one person of that name in the document" }),
          document_id: z.string(),
          title: z.string(),
          created_at: z.string(),
          scope: z
            .enum(['all_documents', 'document'])
            .meta({ description: 'all_documents: the alias merges its mentions in every document (an acronym no other document gives to a different entity); document: only inside the document that said it' }),
        }),
      )
      .meta({ description: 'Which document said which name stands for this entity, and why; deleting the document undoes its merges' }),
  })
  .meta({ id: 'EntityDetail' });

export const subgraph = z
  .object({
    nodes: z.array(entity.extend({ hop: z.number().int(), passages: z.number().int().meta({ description: 'Passages that mention it' }) })),
    edges: z.array(
      z.object({
        source: z.string(),
        target: z.string(),
        kind: z
          .enum(['fact', 'mentioned_with'])
          .meta({ description: "fact: stated relationships (predicates, fact_ids); mentioned_with: named together in passages, with no stated fact between them" }),
        predicates: z.array(z.string()),
        fact_ids: z.array(z.string()),
        count: z.number().int().meta({ description: 'Facts of a fact edge; passages naming both of a mentioned_with edge' }),
        weight: z.number().meta({ description: 'Facts of a fact edge; the co-mention weight of a mentioned_with edge (see mentioned_with in EntityDetail)' }),
      }),
    ),
    total_entities: z.number().int(),
    truncated: z.boolean().meta({ description: 'True when the limit cut entities that the depth would have reached' }),
  })
  .meta({ id: 'Subgraph' });

export const linkDetail = z
  .object({
    source: entity,
    target: entity,
    facts: z.array(sourcedFact).meta({ description: 'Facts stated between the two, either way round, surest first' }),
    passages: z
      .array(
        factSource.extend({
          sentence: z.string().meta({ description: 'The sentence where both are named (or, when none names both, the first naming either); sentence_start/end locate it in the chunk' }),
        }),
      )
      .meta({ description: 'Passages that name both, newest first' }),
    total_passages: z.number().int(),
  })
  .meta({ id: 'LinkDetail' });

export type EntityOut = z.infer<typeof entity>;
export type EntityListOut = z.infer<typeof entityList>;
export type EntityDetailOut = z.infer<typeof entityDetail>;
export type SubgraphOut = z.infer<typeof subgraph>;
export type LinkDetailOut = z.infer<typeof linkDetail>;
