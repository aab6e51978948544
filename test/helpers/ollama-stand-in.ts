/**
 * A STAND-IN for Ollama (no Ollama and no model weights exist on these machines): a small HTTP
 * server on 127.0.0.1 that speaks Ollama's protocol — /api/tags, /api/show, /api/chat with
 * streamed NDJSON, /api/embed — with scripted replies, and records every request so tests can
 * check what the adapter sent (num_ctx, think, format) and whether it hung up early.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInModel {
  name: string;
  contextLength: number;
  capabilities: string[];
}

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  think?: boolean;
  format?: unknown;
  options?: { num_ctx?: number; temperature?: number };
}

/** What the stand-in streams back for one chat request. */
export interface ScriptedReply {
  thinking?: string[];
  content: string[];
  /** Pause before each streamed part. */
  delayMs?: number;
  /** Stop after this many streamed parts, as an Ollama whose model crashes mid-answer does. */
  dropAfter?: number;
  /**
   * How: hang up (the default), send Ollama's `{"error": …}` line and end, or end the reply
   * without its `done` part.
   */
  dropAs?: 'hang-up' | 'error-line' | 'early-end';
  /** Refuse the chat with this status and error, as Ollama does when a model cannot be loaded. */
  fail?: { status: number; error: string };
}

export interface OllamaStandIn {
  host: string;
  chats: ChatBody[];
  /** Chat requests whose client went away before the reply was complete. */
  abandoned: number;
  /** Most chat requests in progress at one time. */
  maxConcurrent: number;
  stop(): Promise<void>;
  /** Listens again on the same port, as a restarted Ollama would. */
  restart(): Promise<void>;
}

export async function startOllamaStandIn(options: {
  models: StandInModel[];
  reply: (body: ChatBody) => ScriptedReply;
  embed?: (texts: string[]) => number[][];
  /** More endpoints by path (e.g. /api/pull from ollama-pull-stand-in.ts). */
  routes?: Record<string, (body: unknown, res: ServerResponse) => Promise<void>>;
}): Promise<OllamaStandIn> {
  let active = 0;
  const state: OllamaStandIn = {
    host: '',
    chats: [],
    abandoned: 0,
    maxConcurrent: 0,
    stop: async () => undefined,
    restart: async () => undefined,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readJson(req);
    if (req.url === '/api/tags') {
      return json(res, {
        models: options.models.map((m) => ({ name: m.name, model: m.name, digest: `sha256:${m.name}`, size: 1, modified_at: '2025-01-01T00:00:00Z', details: {} })),
      });
    }
    const model = options.models.find((m) => m.name === (body as { model?: string }).model);
    if (req.url === '/api/show') {
      if (!model) return json(res, { error: 'model not found' }, 404);
      return json(res, { model_info: { 'general.architecture': 'llama', 'llama.context_length': model.contextLength }, parameters: '', capabilities: model.capabilities, details: {} });
    }
    if (req.url === '/api/embed') {
      const input = (body as { input: string | string[] }).input;
      const texts = Array.isArray(input) ? input : [input];
      return json(res, { model: model?.name, embeddings: (options.embed ?? (() => []))(texts) });
    }
    if (req.url === '/api/chat') {
      const chat = body as ChatBody;
      if (!model) return json(res, { error: `model '${chat.model}' not found` }, 404);
      state.chats.push(chat);
      const script = options.reply(chat);
      if (script.fail) return json(res, { error: script.fail.error }, script.fail.status);
      active += 1;
      state.maxConcurrent = Math.max(state.maxConcurrent, active);
      let finished = false;
      res.on('close', () => {
        active -= 1;
        if (!finished) state.abandoned += 1;
      });
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const part = (message: { content: string; thinking?: string }, done: boolean) =>
        `${JSON.stringify({ model: chat.model, created_at: new Date().toISOString(), message: { role: 'assistant', ...message }, done })}\n`;
      for (const thinking of script.thinking ?? []) {
        if (res.destroyed) return;
        await pause(script.delayMs);
        res.write(part({ content: '', thinking }, false));
      }
      let sent = 0;
      for (const content of script.content) {
        if (res.destroyed) return;
        await pause(script.delayMs);
        if (sent === script.dropAfter) {
          if (script.dropAs === 'error-line') return void res.end(`${JSON.stringify({ error: 'model runner has unexpectedly stopped' })}\n`);
          if (script.dropAs === 'early-end') return void res.end();
          return void res.destroy();
        }
        res.write(part({ content }, false));
        sent += 1;
      }
      finished = true;
      res.end(part({ content: '' }, true));
      return;
    }
    const route = options.routes?.[req.url ?? ''];
    if (route) return route(body, res);
    json(res, { error: 'not found' }, 404);
  };

  let server: Server;
  const listen = (port: number) =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen(0);
  const port = (server!.address() as AddressInfo).port;
  state.host = `http://127.0.0.1:${port}`;
  state.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  state.restart = () => listen(port);
  return state;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const pause = (ms: number | undefined) => (ms ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
