/**
 * /api/pull for the Ollama STAND-IN (ollama-stand-in.ts): streams NDJSON progress as Ollama does
 * (pulling manifest, one line per step of a layer with digest/total/completed, verifying, writing
 * manifest, success), slowly enough to be cancelled, and keeps the bytes a cancelled pull had so
 * the next pull continues from them, as Ollama keeps partial layers. A finished model joins the
 * stand-in's model list, so /api/tags shows it.
 */
import type { ServerResponse } from 'node:http';
import type { StandInModel } from './ollama-stand-in';

export interface PullableModel extends StandInModel {
  sizeBytes: number;
}

export interface PullStandIn {
  /** Pass as `routes` to startOllamaStandIn. */
  routes: Record<string, (body: unknown, res: ServerResponse) => Promise<void>>;
  /** Each pull request: the model and the bytes it started from. */
  pulls: { model: string; from: number }[];
  /** Bytes each model has so far. */
  have: Map<string, number>;
  /** Pause between progress lines; change it while a test runs to speed a pull up. */
  stepMs: number;
}

export function pullStandIn(options: { installed: StandInModel[]; library: PullableModel[]; steps?: number; stepMs?: number }): PullStandIn {
  const steps = options.steps ?? 20;
  const state: PullStandIn = { routes: {}, pulls: [], have: new Map(), stepMs: options.stepMs ?? 50 };
  state.routes['/api/pull'] = async (body, res) => {
    // ollama-js sends the model as `name`, as older Ollama versions read it; newer ones read `model`.
    const request = body as { model?: string; name?: string };
    const name = request.model ?? request.name ?? '';
    const model = options.library.find((m) => m.name === name || m.name === `${name}:latest`);
    if (!model) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: 'pull model manifest: file does not exist' }));
    }
    // Two layers, as a real model has (weights, then a small one for the template or parameters):
    // a layer's size is known only once Ollama reaches it.
    const small = Math.min(4096, Math.floor(model.sizeBytes / 10));
    const layers = [
      { digest: digestOf(`${model.name}:weights`), size: model.sizeBytes - small },
      { digest: digestOf(`${model.name}:params`), size: small },
    ];
    let have = state.have.get(model.name) ?? 0;
    state.pulls.push({ model: model.name, from: have });
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const line = (part: Record<string, unknown>): void => {
      if (!res.destroyed) res.write(`${JSON.stringify(part)}\n`);
    };
    line({ status: 'pulling manifest' });
    const step = Math.ceil(model.sizeBytes / steps);
    let start = 0;
    for (const layer of layers) {
      const end = start + layer.size;
      if (have >= end) line({ status: `pulling ${layer.digest.slice(7, 19)}`, digest: layer.digest, total: layer.size, completed: layer.size });
      while (have < end) {
        await new Promise((r) => setTimeout(r, state.stepMs));
        if (res.destroyed) return;
        have = Math.min(end, have + step);
        state.have.set(model.name, have);
        line({ status: `pulling ${layer.digest.slice(7, 19)}`, digest: layer.digest, total: layer.size, completed: have - start });
      }
      start = end;
    }
    line({ status: 'verifying sha256 digest' });
    line({ status: 'writing manifest' });
    if (!options.installed.some((m) => m.name === model.name)) options.installed.push({ name: model.name, contextLength: model.contextLength, capabilities: model.capabilities });
    line({ status: 'success' });
    res.end();
  };
  return state;
}

const digestOf = (text: string): string => `sha256:${Buffer.from(text).toString('hex').padEnd(64, '0').slice(0, 64)}`;
