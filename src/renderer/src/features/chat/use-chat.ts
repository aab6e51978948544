import { useCallback, useRef, useState } from 'react';
import type { ChunkOut, FactOut, ReasoningStep, SourceRef } from '../../../../shared/api-types';
import type { Api } from '../../api/desk-api';
import { loadSources, saveSources } from './sources-cache';

export type Mode = 'chat' | 'thinking' | 'research' | 'facts';

export interface Turn {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: 'streaming' | 'done' | 'stopped' | 'error' | 'not-found';
  sources: SourceRef[];
  mode: Mode;
  error?: string;
  reasoning?: ReasoningStep[];
  facts?: FactOut[];
  /** Facts only: the passages retrieved beside the facts. */
  passages?: ChunkOut[];
  model?: string;
  /** How well the passages found cover the question (metadata.coverage, 0–1). */
  coverage?: number;
  /** The question's words no document holds (metadata.absent_words). */
  absentWords?: string[];
}

let counter = 0;
const turnId = (): string => `t${++counter}`;

/**
 * One conversation as the chat screen sees it: the turns, the stream that is filling the last
 * one, and stop. The first streamed question opens a server-side session (maintain_context);
 * later ones continue it. "Facts only" asks without a summary and does not join the session.
 */
export function useChat(api: Api, options: { onSessionChange: () => void }) {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // Messages the server has stored for the session: the index an answer's sources are cached under.
  const stored = useRef(0);
  const session = useRef<string | null>(null);

  const patchLast = (patch: (t: Turn) => Partial<Turn>): void =>
    setTurns((all) => all.map((t, i) => (i === all.length - 1 ? { ...t, ...patch(t) } : t)));

  const open = useCallback(
    async (id: string | null) => {
      abort.current?.abort();
      session.current = id;
      setSessionId(id);
      if (id === null) {
        stored.current = 0;
        setTurns([]);
        return;
      }
      const detail = await api.getConversation(id);
      const cached = loadSources(id);
      stored.current = detail.messages.length;
      setTurns(
        detail.messages.map((m, i) => ({
          id: turnId(),
          role: m.role,
          content: m.content,
          status: m.role === 'assistant' && m.content === '' ? 'not-found' : 'done',
          sources: cached[i] ?? [],
          mode: 'chat',
        })),
      );
    },
    [api],
  );

  const send = useCallback(
    async (question: string, mode: Mode) => {
      const controller = new AbortController();
      abort.current = controller;
      setBusy(true);
      setTurns((all) => [
        ...all,
        { id: turnId(), role: 'user', content: question, status: 'done', sources: [], mode },
        { id: turnId(), role: 'assistant', content: '', status: 'streaming', sources: [], mode },
      ]);
      try {
        if (mode === 'facts') {
          const res = await api.query({ query: question, response_mode: 'chat', include_summary: false });
          patchLast(() => ({ status: res.insufficient_coverage ? 'not-found' : 'done', facts: res.facts, passages: res.chunks, model: res.metadata.model, coverage: res.metadata.coverage, absentWords: res.metadata.absent_words }));
          return;
        }
        const continuing = session.current;
        const events = api.queryStream(
          {
            query: question,
            response_mode: mode,
            ...(continuing ? { session_id: continuing } : { maintain_context: true }),
          },
          { signal: controller.signal },
        );
        for await (const event of events) {
          if (event.type === 'metadata') {
            patchLast(() => ({ model: event.data.model, coverage: event.data.coverage, absentWords: event.data.absent_words }));
            if (event.data.session_id && !continuing) {
              session.current = event.data.session_id;
              setSessionId(event.data.session_id);
            }
          } else if (event.type === 'reasoning') patchLast(() => ({ reasoning: event.data.steps }));
          else if (event.type === 'content') patchLast((t) => ({ content: t.content + event.data.delta }));
          else if (event.type === 'sources') {
            patchLast(() => ({ sources: event.data.sources }));
            if (session.current) saveSources(session.current, stored.current + 1, event.data.sources);
          } else if (event.type === 'error') patchLast(() => ({ status: 'error', error: event.data.message }));
          else if (event.type === 'done') {
            // A cut-off answer is not stored on the server, so it takes no place in the sources cache.
            if (!event.data.error) stored.current += 2;
            patchLast((t) => ({ status: event.data.insufficient_coverage ? 'not-found' : t.status === 'error' ? 'error' : 'done' }));
          }
        }
        if (controller.signal.aborted) patchLast(() => ({ status: 'stopped' }));
        options.onSessionChange();
      } catch (error) {
        if (controller.signal.aborted) patchLast(() => ({ status: 'stopped' }));
        else patchLast(() => ({ status: 'error', error: error instanceof Error ? error.message : String(error) }));
      } finally {
        if (abort.current === controller) abort.current = null;
        setBusy(false);
      }
    },
    [api, options],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  return { sessionId, turns, busy, send, stop, open };
}
