import type { QueryOptions } from './types';

/** The spec's response modes at the client and tool level (parameter `mode`). */
export const TOOL_MODES = ['context', 'chat', 'expert', 'brainstorm', 'raw_facts'] as const;
export type ToolMode = (typeof TOOL_MODES)[number];

export interface ToolQuery {
  query: string;
  mode: ToolMode;
  session_id?: string | undefined;
  model?: string | undefined;
  conversation_upload_ids?: string[] | undefined;
  query_depth?: 'basic' | 'thinking' | 'research' | undefined;
  maintain_context?: boolean | undefined;
}

/**
 * Each mode as a POST /query request: context and raw_facts retrieve without generating text,
 * expert asks for reasoning chains (thinking), brainstorm turns web search on.
 */
export function queryFor(input: ToolQuery): QueryOptions {
  const base: QueryOptions = {
    query: input.query,
    ...(input.session_id ? { session_id: input.session_id } : {}),
    ...(input.model ? { model: input.model } : {}),
    ...(input.conversation_upload_ids ? { conversation_upload_ids: input.conversation_upload_ids } : {}),
    ...(input.query_depth ? { query_depth: input.query_depth } : {}),
    ...(input.maintain_context ? { maintain_context: true } : {}),
  };
  switch (input.mode) {
    case 'context':
    case 'raw_facts':
      return { ...base, include_summary: false };
    case 'chat':
      return { ...base, response_mode: 'chat' };
    case 'expert':
      return { ...base, response_mode: 'thinking' };
    case 'brainstorm':
      return { ...base, response_mode: 'chat', web_search_enabled: true };
  }
}
