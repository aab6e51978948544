/**
 * A STAND-IN for the Hugging Face hub (nothing can be downloaded here): a local HTTP server that
 * serves model folders in the hub's layout, `/{owner}/{name}/resolve/{revision}/{file}`, answers
 * the one-byte Range requests transformers.js sends to learn sizes, sends chosen files slowly so a
 * download can be watched and cancelled, and records every full file request.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface HubServer {
  host: string;
  /** Full GETs (not size probes), as `<model>/<file>`. */
  fetched: string[];
  /** Files matching this are sent `chunkBytes` at a time, `chunkMs` apart; change while a test runs. */
  slow: { files: RegExp; chunkBytes: number; chunkMs: number };
  close(): Promise<void>;
}

/** `models`: hub id (owner/name) → the folder with its files. */
export async function startHubServer(models: Record<string, string>, slow: HubServer['slow']): Promise<HubServer> {
  const state: HubServer = { host: '', fetched: [], slow, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/u.exec(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const folder = match ? models[match[1]!] : undefined;
    const path = folder && match ? join(folder, match[2]!) : null;
    if (!path || match![2]!.includes('..') || !existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('Entry not found');
    }
    const bytes = readFileSync(path);
    const range = /^bytes=(\d+)-(\d+)$/u.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), bytes.length - 1);
      res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': end - start + 1 });
      return void res.end(bytes.subarray(start, end + 1));
    }
    state.fetched.push(`${match![1]}/${match![2]}`);
    res.writeHead(200, { 'content-length': bytes.length, 'content-type': 'application/octet-stream' });
    if (req.method === 'HEAD') return void res.end();
    if (!state.slow.files.test(match![2]!)) return void res.end(bytes);
    let sent = 0;
    const next = (): void => {
      if (res.destroyed) return;
      const piece = bytes.subarray(sent, sent + state.slow.chunkBytes);
      sent += piece.length;
      if (sent >= bytes.length) return void res.end(piece);
      res.write(piece);
      setTimeout(next, state.slow.chunkMs);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
