/**
 * Fact extraction by a language model: the JSON schema the model's output is constrained to,
 * the prompt, and the mapping of its answer back onto the chunk's text. Whatever the model
 * names must occur in the text; anything else is dropped rather than stored as a fact.
 */
import { z } from 'zod';
import type { ChatMessage } from '../ports';
import { entityKey } from './entity-key';
import { splitSentences } from './sentences';
import { ENTITY_TYPES, type ExtractedEntity, type ExtractedFact, type ExtractionResult, type Span } from './types';

export const modelExtractionSchema = z.object({
  entities: z.array(z.object({ name: z.string().min(1).max(200), type: z.enum(ENTITY_TYPES) })).max(200),
  facts: z
    .array(
      z.object({
        subject: z.string().min(1).max(200),
        predicate: z.string().min(1).max(80),
        object: z.string().min(1).max(300),
        object_is_entity: z.boolean(),
      }),
    )
    .max(300),
});
export type ModelExtraction = z.infer<typeof modelExtractionSchema>;

/** The schema as JSON Schema, for the provider's structured-output `format`. */
export const MODEL_EXTRACTION_JSON_SCHEMA = z.toJSONSchema(modelExtractionSchema) as Record<string, unknown>;

/** Facts a model states are less certain than its entities, and than a verbatim pattern match. */
const MODEL_FACT_CONFIDENCE = 0.75;

export function extractionMessages(text: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'Extract a knowledge graph from the text. Reply with JSON only, following the schema.',
        `entities: every named person, organization, place, work, date and quantity, with its type (${ENTITY_TYPES.join(', ')}), named exactly as written in the text.`,
        'facts: statements the text makes, as subject, a short lower-case predicate ("born in", "founded", "is a"), and object.',
        'The subject is one of the entities; when the object is an entity too, object_is_entity is true, otherwise the object is a literal value.',
        'Only what the text itself states; nothing from outside it.',
      ].join('\n'),
    },
    { role: 'user', content: text },
  ];
}

/**
 * Parses and validates a model's reply; null when it is not JSON of the required shape, which
 * the caller answers with a retry and then the built-in extractor.
 */
export function parseModelExtraction(reply: string): ModelExtraction | null {
  const json = reply.trim().replace(/^```(?:json)?\s*|\s*```$/gu, '');
  try {
    const parsed = modelExtractionSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Ties the model's entities and facts to where the text says them. */
export function toExtractionResult(text: string, extraction: ModelExtraction): ExtractionResult {
  const lower = text.toLowerCase();
  const entities = new Map<string, ExtractedEntity>();
  for (const e of extraction.entities) {
    const mentions = findAll(lower, e.name.toLowerCase());
    const key = entityKey(e.name);
    if (mentions.length === 0 || key.length === 0 || entities.has(key)) continue;
    entities.set(key, { name: e.name, type: e.type, key, mentions });
  }
  const sentences = splitSentences(text);
  const facts: ExtractedFact[] = [];
  for (const f of extraction.facts) {
    const subject = entities.get(entityKey(f.subject));
    if (!subject) continue;
    const object = f.object_is_entity ? entities.get(entityKey(f.object)) : undefined;
    if (f.object_is_entity && !object) continue;
    if (!object && !lower.includes(f.object.toLowerCase())) continue;
    facts.push({
      subjectKey: subject.key,
      predicate: f.predicate.toLowerCase().trim(),
      kind: object ? 'relationship' : 'attribute',
      objectKey: object?.key ?? null,
      value: object ? null : f.object,
      confidence: MODEL_FACT_CONFIDENCE,
      sentence: sentenceOf(sentences, subject.mentions[0]!, text.length),
    });
  }
  return { entities: [...entities.values()], facts };
}

function findAll(haystack: string, needle: string): Span[] {
  const spans: Span[] = [];
  for (let at = haystack.indexOf(needle); at >= 0 && needle.length > 0; at = haystack.indexOf(needle, at + needle.length)) {
    spans.push({ start: at, end: at + needle.length });
  }
  return spans;
}

function sentenceOf(sentences: Span[], mention: Span, textLength: number): Span {
  return sentences.find((s) => s.start <= mention.start && mention.end <= s.end) ?? { start: 0, end: textLength };
}
