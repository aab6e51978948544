/** The answer model chosen in Settings, sent as `model` with each question; unset: the server's default. */
const KEY = 'knowledge-desk.answer-model';

export function answerModelChoice(): string | undefined {
  return localStorage.getItem(KEY) ?? undefined;
}

export function chooseAnswerModel(model: string | null): void {
  if (model) localStorage.setItem(KEY, model);
  else localStorage.removeItem(KEY);
}
