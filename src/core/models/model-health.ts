import { chooseAnswerer } from '../answer/answerer';
import type { ChatModel } from '../ports';
import type { ModelRuntime } from './model-runtime';

/** The provider's models; null when it does not answer (a running one may have none yet). */
export async function installedModels(chat: ChatModel | null): Promise<string[] | null> {
  return chat ? chat.listModels().catch(() => null) : null;
}

/**
 * What /health says about the models: which parts are active right now. Ollama is asked each
 * time, so a server that comes back (or goes away) shows without a restart. `degraded` means
 * something the settings ask for is not available and a built-in part stands in for it.
 */
export async function healthComponents(models: ModelRuntime): Promise<{ degraded: boolean; components: Record<string, string> & { embedder: string; answer_model: string; extractor: string } }> {
  const settings = models.settings();
  const chat = models.chatModel();
  const listed = await installedModels(chat);
  const reachable = listed !== null;
  const available = listed ?? [];
  const usable = available.length > 0;
  const choice = await chooseAnswerer(usable ? chat : null, { requested: undefined, configured: settings.answerModel, contextCapTokens: 0 });
  const answerModel = 'answerer' in choice ? choice.answerer.model : 'extractive';
  // Running without a model is a different fix from not running: pulling one, not starting Ollama.
  const why = !reachable
    ? `Ollama not reachable at ${settings.ollamaHost}`
    : usable
      ? `no answer model among ${available.join(', ')}`
      : `Ollama at ${settings.ollamaHost} has no models: pull one through the model setup`;
  const embedder = models.embedderState;
  const extractor = models.extractor();
  const modelExtractor = settings.extractionModel !== null;
  const search = models.webSearch();
  const components = {
    answer_model:
      answerModel !== 'extractive'
        ? `ollama:${answerModel}`
        : chat
          ? `extractive (${why})`
          : 'extractive (no language model configured)',
    extractor: modelExtractor
      ? `${extractor.id} ${usable ? 'with the built-in extractor as fallback' : `(${reachable ? 'Ollama has no models' : 'Ollama not reachable'}: built-in extractor in use)`}`
      : extractor.id,
    embedder: `${embedder.state}: ${embedder.message}`,
    ollama: !chat
      ? 'not configured'
      : !reachable
        ? `not reachable at ${settings.ollamaHost}`
        : usable
          ? `reachable at ${settings.ollamaHost} (${available.length} models)`
          : `reachable at ${settings.ollamaHost}, no models pulled: pull one through the model setup`,
    web_search: search ? search.provider : 'off',
  };
  const degraded =
    embedder.state === 'failed' || (modelExtractor && !usable) || (settings.answerModel !== null && answerModel === 'extractive');
  return { degraded, components };
}
