import { sep } from 'node:path';
import { KbError, invalid, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import type { Page } from '../ports';
import type { FolderFileRecord, FolderRecord, FolderView } from './folder-model';
import { FolderRuntime, type FolderDeps } from './folder-runtime';

export interface AddFolderRequest {
  path: string;
  include?: string[];
  exclude?: string[];
  tags?: string[];
}

const within = (outer: string, inner: string): boolean => inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

/**
 * The local owner's watched folders: added, listed, rescanned and removed here; each one is kept
 * in step with its files by a FolderRuntime. Only the engine hands this out, and only to the owner.
 */
export class FolderService {
  private readonly runtimes = new Map<string, FolderRuntime>();
  private started = false;

  constructor(private readonly deps: FolderDeps) {}

  /** Picks up every stored folder: a full scan finds what changed while the engine was stopped. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const folder of await this.deps.store.listFolders()) this.run(folder);
  }

  async add(request: AddFolderRequest): Promise<FolderView> {
    const inspected = await this.deps.fs.inspectRoot(request.path);
    if (!inspected.ok) throw invalid('path', inspected.reason, `path: ${inspected.reason}`);
    const path = inspected.path;
    for (const folder of await this.deps.store.listFolders()) {
      if (within(folder.path, path) || within(path, folder.path)) {
        throw new KbError('conflict', folder.path === path ? 'this folder is already watched' : `a watched folder overlaps this one: ${folder.path}`);
      }
    }
    const folder: FolderRecord = {
      id: newId('fld'),
      path,
      include: request.include ?? [],
      exclude: request.exclude ?? [],
      tags: request.tags ?? [],
      status: 'scanning',
      error: null,
      lastScanAt: null,
      createdAt: nowIso(),
    };
    await this.deps.store.createFolder(folder);
    this.run(folder);
    return this.view(folder);
  }

  async list(): Promise<FolderView[]> {
    const folders = await this.deps.store.listFolders();
    return Promise.all(folders.map((f) => this.view(f)));
  }

  async get(id: string, page: Page): Promise<{ folder: FolderView; files: FolderFileRecord[] }> {
    const folder = await this.folder(id);
    return { folder: await this.view(folder), files: await this.deps.store.listFolderFiles(id, page) };
  }

  async rescan(id: string): Promise<FolderView> {
    const folder = await this.folder(id);
    const runtime = this.runtimes.get(id);
    if (runtime) runtime.rescan();
    else this.run(folder);
    return this.view(await this.folder(id));
  }

  /** Stops watching; the folder's documents go with it unless `keepDocuments`. */
  async remove(id: string, keepDocuments: boolean): Promise<void> {
    await this.folder(id);
    const runtime = this.runtimes.get(id);
    this.runtimes.delete(id);
    await runtime?.close();
    if (!keepDocuments) {
      for (const file of await this.deps.store.listFolderFiles(id)) if (file.documentId) await this.deps.removeDocument(file.documentId);
    }
    await this.deps.store.deleteFolder(id, keepDocuments);
  }

  /** Resolves when every folder has worked through the changes it has seen. */
  async idle(): Promise<void> {
    await Promise.all([...this.runtimes.values()].map((r) => r.idle()));
  }

  async close(): Promise<void> {
    const runtimes = [...this.runtimes.values()];
    this.runtimes.clear();
    await Promise.all(runtimes.map((r) => r.close()));
  }

  private run(folder: FolderRecord): void {
    const runtime = new FolderRuntime(folder, this.deps);
    this.runtimes.set(folder.id, runtime);
    runtime.start();
  }

  private async folder(id: string): Promise<FolderRecord> {
    const folder = await this.deps.store.getFolder(id);
    if (!folder) throw notFound('folder', id);
    return folder;
  }

  private async view(folder: FolderRecord): Promise<FolderView> {
    // The runtime's record is the freshest (status changes are written as they happen, but a
    // request may land between the change and its write).
    const current = this.runtimes.get(folder.id)?.record ?? folder;
    return { ...current, counts: await this.deps.store.countFolderFiles(folder.id) };
  }
}
