import { chooseAnswerer } from '../answer/answerer';
import type { ModelRuntime } from './model-runtime';

/**
 * What /health says about the models: which parts are active right now. Ollama is asked each
 * time, so a server that comes back (or goes away) shows without a restart. `degraded` means
 * something the settings ask for is not available and a built-in part stands in for it.
 */
export async function healthComponents(models: ModelRuntime): Promise<{ degraded: boolean; components: Record<string, string> & { embedder: string; answer_model: string; extractor: string } }> {
  const settings = models.settings();
  const chat = models.chatModel();
  const available = chat ? await chat.listModels().catch(() => []) : [];
  const reachable = available.length > 0;
  const choice = await chooseAnswerer(reachable ? chat : null, { requested: undefined, configured: settings.answerModel, contextCapTokens: 0 });
  const answerModel = 'answerer' in choice ? choice.answerer.model : 'extractive';
  const embedder = models.embedderState;
  const extractor = models.extractor();
  const modelExtractor = settings.extractionModel !== null;
  const search = models.webSearch();
  const components = {
    answer_model:
      answerModel !== 'extractive'
        ? `ollama:${answerModel}`
        : chat
          ? `extractive (${reachable ? `no answer model among ${available.join(', ')}` : `Ollama not reachable at ${settings.ollamaHost}`})`
          : 'extractive (no language model configured)',
    extractor: modelExtractor
      ? `${extractor.id} ${reachable ? 'with the built-in extractor as fallback' : `(Ollama not reachable: built-in extractor in use)`}`
      : extractor.id,
    embedder: `${embedder.state}: ${embedder.message}`,
    ollama: chat ? (reachable ? `reachable at ${settings.ollamaHost} (${available.length} models)` : `not reachable at ${settings.ollamaHost}`) : 'not configured',
    web_search: search ? search.provider : 'off',
  };
  const degraded =
    embedder.state === 'failed' || (modelExtractor && !reachable) || (settings.answerModel !== null && answerModel === 'extractive');
  return { degraded, components };
}
