import { KbError } from '../errors';

/**
 * A language model that fails or goes away while it answers (the server stopped, the connection
 * dropped, the model was removed or could not be loaded) is an outage, not a bug: one code,
 * `model_unavailable`, whichever way the failure surfaced.
 */
export function modelUnavailable(model: string, cause: unknown): KbError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new KbError('model_unavailable', `the language model '${model}' stopped answering: ${reason}`, { cause });
}

export function isModelOutage(error: unknown): error is KbError {
  return error instanceof KbError && error.code === 'model_unavailable';
}
