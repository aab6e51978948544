/**
 * The Ollama stand-in of the tests (no model weights exist on these machines), answering
 * extraction prompts: its "model" reads the chunk with the built-in extractor and replies in the
 * schema a model is held to. Scored, it measures the model path (prompt, constrained JSON,
 * validation, mapping onto the text, storage) rather than a model: what a real model adds is the
 * difference between its own run and the built-in one.
 */
import { extractSync } from '../../src/core/extract/builtin-extractor';
import type { ModelExtraction } from '../../src/core/extract/model-extraction';
import { startOllamaStandIn, type ChatBody, type OllamaStandIn } from '../../test/helpers/ollama-stand-in';

export const STAND_IN_MODEL = 'stand-in-extractor';

function reply(body: ChatBody): { content: string[] } {
  const text = body.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const result = extractSync(text);
  const names = new Map(result.entities.map((e) => [e.key, e.name]));
  const answer: ModelExtraction = {
    entities: result.entities.map((e) => ({ name: e.name, type: e.type })),
    facts: result.facts.flatMap((f) => {
      const subject = names.get(f.subjectKey);
      const object = f.objectKey === null ? f.value : names.get(f.objectKey);
      return subject && object ? [{ subject, predicate: f.predicate, object, object_is_entity: f.objectKey !== null }] : [];
    }),
  };
  return { content: [JSON.stringify(answer)] };
}

export function startExtractionStandIn(): Promise<OllamaStandIn> {
  return startOllamaStandIn({ models: [{ name: STAND_IN_MODEL, contextLength: 8192, capabilities: ['completion'] }], reply });
}
