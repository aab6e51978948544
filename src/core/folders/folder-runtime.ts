import { createHash } from 'node:crypto';
import { newId, nowIso } from '../ids';
import type { JobRecord, JsonObject } from '../model';
import type { FileTypes } from '../parse/types';
import { nextTurn, type DocumentSource } from '../ingest/ingest-document';
import type { BatchItem, BatchOutcome, BatchRecordsOf } from '../ingest/ingest-batch';
import type { FolderChange, FolderEntry, FolderFs, FolderWatcher, KnowledgeStore } from '../ports';
import { folderFileSource } from './folder-file-source';
import type { FolderFileRecord, FolderRecord, FolderStatus } from './folder-model';
import { createSkipRules, type SkipRules } from './skip-rules';

export interface FolderTiming {
  /** Quiet time after the last event before changes are looked at: a save's several events become one. */
  debounceMs: number;
  /** Longest a steady stream of events may hold changes back. */
  maxWaitMs: number;
  /** How long a vanished file's document waits for the same bytes to appear elsewhere (a move). */
  renameGraceMs: number;
  /** How often every file's size and time are compared with its row, for a change the watcher did not report (a folder slow to compare is compared less often: CHECK_SHARE). */
  checkMs: number;
  /** How often a folder that went missing is looked for. */
  reconnectMs: number;
}

export const DEFAULT_FOLDER_TIMING: FolderTiming = { debounceMs: 200, maxWaitMs: 1000, renameGraceMs: 1500, checkMs: 10_000, reconnectMs: 2000 };

export interface FolderDeps {
  store: KnowledgeStore;
  /** Ingest on the shared job queue, one file (or one group of small files) at a time per folder, so a burst never floods it. */
  ingest(source: DocumentSource): Promise<JobRecord>;
  /** Several small files as one turn of the queue; each keeps its own outcome. */
  ingestBatch(items: BatchItem[], records?: BatchRecordsOf): Promise<BatchOutcome[]>;
  removeDocument(id: string): Promise<void>;
  fs: FolderFs;
  watcher: FolderWatcher | null;
  fileTypes: FileTypes | null;
  maxFileBytes: number;
  signal: AbortSignal;
  timing: FolderTiming;
  /** Resolves when the next file may be taken: after the questions being prepared (questions-first.ts). */
  turn(): Promise<void>;
}

// A file this small costs less to extract and write than its own queue turn, request and commits:
// such files are indexed in groups. Up to three at once: one extracted while another is written
// and the next waits its turn, read and ready, so the extractor never waits for the disk.
const SMALL_FILE_BYTES = 64 * 1024;
const GROUP_FILES = 64;
const GROUP_BYTES = 64 * 1024;
const GROUPS_IN_FLIGHT = 3;
const READ_AHEAD = 16;
/** Files listed or stored between two turns of the event loop. */
const LIST_TURN = 256;
/** The next comparison of a folder's files waits at least this many times as long as the last one took. */
const CHECK_SHARE = 50;

/** A file read, hashed and typed, to be indexed as `source` under `documentId` (its source replaces that id). */
interface ReadyFile {
  entry: FolderEntry;
  row: FolderFileRecord | null;
  bytes: Uint8Array;
  hash: string;
  documentId: string;
  source: DocumentSource;
}

const OUTSIDE = 'a symbolic link that leads outside the folder';
const unwatched = (reason: string): string => `changes to the folder are not being followed (${reason}); it is scanned when the watch is tried again`;
const LOST = 'the folder is not reachable (deleted, renamed or on a drive that is not connected); it is watched again when it is back';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const nameOf = (path: string): string => path.split('/').at(-1) ?? path;
const sizeOf = (entry: FolderEntry): { size: number; mtimeMs: number } => (entry.kind === 'file' ? { size: entry.size, mtimeMs: entry.mtimeMs } : { size: 0, mtimeMs: 0 });

/**
 * One watched folder at work: the watcher's events are debounced and coalesced by path, then
 * worked through one file at a time; a full scan (at start, on rescan, when the folder comes back)
 * compares every file with its row. A file is read again only when its size or time changed, and
 * indexed again only when its bytes did.
 */
export class FolderRuntime {
  private readonly rules: SkipRules;
  private handle: { ready: Promise<void>; close(): Promise<void> } | null = null;
  private readonly dirty = new Set<string>();
  private fullScan = false;
  /** Files gone from disk whose documents wait out the rename grace: path → deadline. */
  private readonly vanishing = new Map<string, number>();
  private loop: Promise<void> | null = null;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private firstEventAt = 0;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnect: ReturnType<typeof setInterval> | null = null;
  private check: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Why the watcher cannot follow the folder now (it says so, and says when it is back); null while it does. */
  private watchError: string | null = null;
  /** Small files waiting to be indexed together, and the groups being indexed. */
  private group: ReadyFile[] = [];
  private groupBytes = 0;
  private readonly inFlight: Promise<void>[] = [];

  constructor(
    private folder: FolderRecord,
    private readonly deps: FolderDeps,
  ) {
    this.rules = createSkipRules(folder.include, folder.exclude);
  }

  get record(): FolderRecord {
    return this.folder;
  }

  start(): void {
    this.watch();
    this.rescan();
    // A watcher can miss a change (inotify's queue overflows; @parcel/watcher drops one now and
    // then: parcel-bundler/watcher#183), and a missed save would leave the old text searchable
    // until the next start. Sizes and times are compared now and then; only what differs is read.
    this.scheduleCheck(this.deps.timing.checkMs);
  }

  private scheduleCheck(afterMs: number): void {
    this.check = setTimeout(() => {
      const started = Date.now();
      // A walk that fails (the folder going as it runs) is left to the watcher and the next check.
      void this.checkFiles()
        .catch(() => undefined)
        .finally(() => {
          if (!this.closed) this.scheduleCheck(Math.max(this.deps.timing.checkMs, CHECK_SHARE * (Date.now() - started)));
        });
    }, afterMs);
    this.check.unref?.();
  }

  rescan(): void {
    this.fullScan = true;
    // Shown at once: a caller that asks right after must not read the last scan's 'watching'.
    if (this.folder.status !== 'error') this.folder = { ...this.folder, status: 'scanning', error: null };
    this.kick();
  }

  /** Resolves when no change is waiting or being worked on (tests, and removal). */
  async idle(): Promise<void> {
    while (!this.closed) {
      if (this.loop) await this.loop;
      else if (this.debounce || this.dirty.size > 0 || this.fullScan || this.vanishing.size > 0) await new Promise((r) => setTimeout(r, 25));
      else return;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of [this.debounce, this.graceTimer, this.check]) if (timer) clearTimeout(timer);
    if (this.reconnect) clearInterval(this.reconnect);
    await this.handle?.close();
    this.handle = null;
    await this.loop;
  }

  private watch(): void {
    if (!this.deps.watcher || this.handle || this.closed) return;
    this.watchError = null;
    this.handle = this.deps.watcher.watch(this.folder.path, this.rules.skipDir, (change) => this.onChange(change));
  }

  private onChange(change: FolderChange): void {
    if (this.closed) return;
    if (change.kind === 'path') this.dirty.add(change.path);
    // The folder itself went, or the watcher lost track: the next pass checks and, if need be, scans.
    else this.fullScan = true;
    if (change.kind === 'error') this.watchError = change.message;
    else if (change.kind === 'rescan') this.watchError = null;
    const now = Date.now();
    if (this.firstEventAt === 0) this.firstEventAt = now;
    if (this.debounce) clearTimeout(this.debounce);
    const { debounceMs, maxWaitMs } = this.deps.timing;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.firstEventAt = 0;
      this.kick();
    }, Math.max(0, Math.min(debounceMs, this.firstEventAt + maxWaitMs - now)));
  }

  /** Every file whose size or time differs from its row, and every row whose file is gone, is looked at as if an event had named it. */
  private async checkFiles(): Promise<void> {
    if (this.closed || this.loop || this.fullScan || this.reconnect) return;
    const rows = new Map((await this.deps.store.listFolderFiles(this.folder.id)).map((r) => [r.path, r]));
    const changed: string[] = [];
    let listed = 0;
    for await (const entry of this.deps.fs.walk(this.folder.path, this.rules.skipDir)) {
      if (this.closed) return;
      const row = rows.get(entry.path);
      rows.delete(entry.path);
      const { size, mtimeMs } = sizeOf(entry);
      if (row ? row.size !== size || row.mtimeMs !== mtimeMs : !this.rules.fileVerdict(entry.path)?.silent) changed.push(entry.path);
      if (++listed % LIST_TURN === 0) await nextTurn();
    }
    changed.push(...rows.keys());
    for (const path of changed) this.onChange({ kind: 'path', path });
  }

  private kick(): void {
    if (this.closed || this.loop) return;
    this.loop = this.run()
      .catch(async (error: unknown) => {
        if (this.closed || this.deps.signal.aborted) return;
        await this.setStatus('error', error instanceof Error ? error.message : String(error)).catch(() => undefined);
      })
      .finally(() => {
        this.loop = null;
        if (!this.closed && (this.fullScan || this.dirty.size > 0) && !this.debounce && !this.reconnect) this.kick();
      });
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      if (!(await this.deps.fs.exists(this.folder.path))) return this.lost();
      if (this.fullScan) {
        this.fullScan = false;
        this.dirty.clear();
        await this.scanAll();
      } else if (this.dirty.size > 0) {
        const paths = [...this.dirty];
        this.dirty.clear();
        for (const path of paths) {
          // A burst (a checkout) gives way to questions as the first scan does.
          await this.deps.turn();
          if (this.closed) return;
          await this.syncPath(path);
        }
        await this.settle();
      } else {
        const due = [...this.vanishing].filter(([, deadline]) => deadline <= Date.now()).map(([path]) => path);
        if (due.length === 0) break;
        for (const path of due) {
          this.vanishing.delete(path);
          await this.dropIfGone(path);
        }
        await this.settle();
      }
    }
    this.scheduleGrace();
  }

  private scheduleGrace(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
    if (this.closed || this.vanishing.size === 0) return;
    const next = Math.min(...this.vanishing.values());
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      this.kick();
    }, Math.max(0, next - Date.now()));
  }

  /** The folder is gone: nothing is deleted (a drive may only be unplugged); it is looked for until it is back. */
  private async lost(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
    this.dirty.clear();
    this.vanishing.clear();
    this.fullScan = true;
    await this.setStatus('error', LOST);
    if (this.reconnect || this.closed) return;
    this.reconnect = setInterval(() => {
      void this.deps.fs.exists(this.folder.path).then((back) => {
        if (!back || this.closed || !this.reconnect) return;
        clearInterval(this.reconnect);
        this.reconnect = null;
        this.watch();
        this.kick();
      });
    }, this.deps.timing.reconnectMs);
  }

  private async setStatus(status: FolderStatus, error: string | null, scanned = false): Promise<void> {
    this.folder = { ...this.folder, status, error, ...(scanned ? { lastScanAt: nowIso() } : {}) };
    await this.deps.store.updateFolder(this.folder);
  }

  /** Every file against its row: new and changed ones indexed, moved ones followed, vanished ones removed. */
  private async scanAll(): Promise<void> {
    const { store, fs } = this.deps;
    await this.setStatus('scanning', null);
    // A change made after the walk reads a file but before the watch is up would be seen by neither.
    await this.handle?.ready;
    const entries = new Map<string, FolderEntry>();
    for await (const entry of fs.walk(this.folder.path, this.rules.skipDir)) {
      if (this.closed) return;
      entries.set(entry.path, entry);
    }
    const rows = new Map((await store.listFolderFiles(this.folder.id)).map((r) => [r.path, r]));
    const todo: FolderEntry[] = [];
    const fresh = new Map<string, FolderFileRecord>();
    for (const entry of entries.values()) {
      const row = rows.get(entry.path) ?? null;
      if (await this.settled(entry, row)) continue;
      todo.push(entry);
      // Listed as pending at once, so the folder's counts show the scan's progress file by file.
      if (!row) fresh.set(entry.path, this.row(entry, { status: 'pending' }));
      // Thousands of files are looked at without an await that waits: requests are let in between.
      if (todo.length % LIST_TURN === 0) await nextTurn();
    }
    const pending = [...fresh.values()];
    for (let i = 0; i < pending.length; i += LIST_TURN) {
      await store.putFolderFiles(pending.slice(i, i + LIST_TURN));
      await nextTurn();
    }
    // Files are read a few ahead of the one being looked at: each read waits for the disk and
    // for an event-loop turn, which the writes of the groups before it keep busy.
    const reads = new Map<string, Promise<Uint8Array | null>>();
    for (const [i, entry] of todo.entries()) {
      await this.deps.turn();
      if (this.closed) return;
      for (const next of todo.slice(i, i + READ_AHEAD)) if (!reads.has(next.path)) reads.set(next.path, this.read(next));
      const bytes = reads.get(entry.path) ?? this.read(entry);
      reads.delete(entry.path);
      // A row listed before may have been taken over by a moved file since; a new file's is as written above.
      await this.process(entry, fresh.get(entry.path) ?? (await store.getFolderFile(this.folder.id, entry.path)), bytes);
    }
    await this.settle();
    // Rows whose files were not found and not claimed by a moved file.
    for (const row of rows.values()) {
      if (this.closed) return;
      if (entries.has(row.path)) continue;
      const still = await store.getFolderFile(this.folder.id, row.path);
      if (still) await this.forget(still);
    }
    if (this.watchError) await this.setStatus('error', unwatched(this.watchError), true);
    else await this.setStatus('watching', null, true);
  }

  /**
   * One path an event named: a file to look at, or one that went (and may reappear elsewhere). A
   * directory whose files are listed but which is gone was moved out or deleted (a watcher may name
   * only its top): the folder is scanned again.
   */
  private async syncPath(path: string): Promise<void> {
    const { store, fs, timing } = this.deps;
    const entry = await fs.stat(this.folder.path, path);
    const row = await store.getFolderFile(this.folder.id, path);
    if (entry) {
      this.vanishing.delete(path);
      if (!(await this.settled(entry, row))) await this.process(entry, row);
    } else if (row) {
      this.vanishing.set(path, Date.now() + timing.renameGraceMs);
    } else if (await store.hasFolderFilesUnder(this.folder.id, path)) {
      this.fullScan = true;
    }
  }

  private async dropIfGone(path: string): Promise<void> {
    const row = await this.deps.store.getFolderFile(this.folder.id, path);
    if (!row) return;
    const entry = await this.deps.fs.stat(this.folder.path, path);
    if (!entry) await this.forget(row);
    else if (!(await this.settled(entry, row))) await this.process(entry, row);
  }

  /**
   * True when nothing needs doing: the file is unchanged since its row, or it is skipped (the
   * rules say so; a skipped file that had a document loses it).
   */
  private async settled(entry: FolderEntry, row: FolderFileRecord | null): Promise<boolean> {
    const verdict = this.rules.fileVerdict(entry.path);
    if (verdict?.silent) {
      if (row) await this.forget(row);
      return true;
    }
    if (verdict) {
      if (row?.status !== 'skipped' || row.reason !== verdict.reason) await this.mark(entry, row, 'skipped', verdict.reason, null);
      return true;
    }
    if (!row || row.status === 'pending') return false;
    if (entry.kind === 'outside') return row.status === 'skipped' && row.reason === OUTSIDE;
    return row.size === entry.size && row.mtimeMs === entry.mtimeMs;
  }

  /**
   * Indexes the file if it needs it. A small file joins a group that is indexed as one (one
   * extraction request, one transaction), so call `settle` when the files at hand are all given.
   */
  private async process(entry: FolderEntry, row: FolderFileRecord | null, read?: Promise<Uint8Array | null>): Promise<void> {
    const ready = await this.prepare(entry, row, read);
    if (!ready) return;
    if (ready.bytes.byteLength > SMALL_FILE_BYTES) return this.ingestAlone(ready);
    this.group.push(ready);
    this.groupBytes += ready.bytes.byteLength;
    if (this.group.length >= GROUP_FILES || this.groupBytes >= GROUP_BYTES) await this.sendGroup();
  }

  /** Reads the file and settles everything but its indexing; null when nothing is left to index. */
  /** The file's bytes; null when it cannot be read (gone or replaced since it was listed) or is not read at all. */
  private async read(entry: FolderEntry): Promise<Uint8Array | null> {
    if (entry.kind !== 'file' || entry.size > this.deps.maxFileBytes) return null;
    return this.deps.fs.read(this.folder.path, entry.path).catch(() => null);
  }

  private async prepare(entry: FolderEntry, row: FolderFileRecord | null, read?: Promise<Uint8Array | null>): Promise<ReadyFile | null> {
    const { store, fileTypes, maxFileBytes } = this.deps;
    if (entry.kind === 'outside') {
      await this.mark(entry, row, 'skipped', OUTSIDE, null);
      return null;
    }
    if (entry.size > maxFileBytes) {
      await this.mark(entry, row, 'failed', `the file is larger than the upload limit (${Math.round(maxFileBytes / 1048576)} MB)`, null);
      return null;
    }
    const bytes = await (read ?? this.read(entry));
    // Gone or replaced since it was listed: the event that says so brings it back here.
    if (!bytes) return null;
    const hash = sha256(bytes);
    if (row && row.hash === hash && row.status !== 'pending') {
      // Only its time stamp moved (a touch, a copy over itself): nothing to index again.
      await store.putFolderFiles([{ ...row, ...sizeOf(entry), updatedAt: nowIso() }]);
      return null;
    }
    if (!row?.documentId && (await this.claimMoved(entry, hash))) return null;
    const name = nameOf(entry.path);
    const mimeType = fileTypes?.detect(bytes, null, name) ?? null;
    const parser = mimeType ? fileTypes?.parserFor(mimeType) : null;
    if (!mimeType || !parser) {
      await this.mark(entry, row, 'skipped', 'unsupported file type', hash);
      return null;
    }
    // A new file's document id is chosen here. A group writes it with the file's row in one
    // transaction; a file indexed alone stores it with its pending row first, so a crash after its
    // document is written re-indexes it under that id instead of adding a second document.
    const documentId = row?.documentId ?? newId('doc');
    const source = folderFileSource({ name, mimeType, bytes, tags: this.folder.tags, replaces: documentId }, parser, this.deps.signal);
    return { entry, row, bytes, hash, documentId, source };
  }

  /** A large file: on the queue by itself, its batches written as they are extracted. */
  private async ingestAlone(file: ReadyFile): Promise<void> {
    const { entry, row, documentId, source } = file;
    await this.deps.store.putFolderFiles([this.row(entry, { status: 'pending', documentId, hash: row?.hash ?? null })]);
    const job = await this.deps.ingest(source);
    if (job.status === 'completed') await this.recordOutcome(file, { indexed: true });
    else if (job.status === 'failed') await this.recordOutcome(file, { reason: job.errorDetails?.message ?? 'the file could not be indexed' });
    // Otherwise the engine stopped mid-file: the row stays pending and the next start indexes it.
  }

  private async sendGroup(): Promise<void> {
    const group = this.group;
    this.group = [];
    this.groupBytes = 0;
    if (group.length > 0) {
      const done = this.ingestGroup(group);
      // Awaited below or in `settle`; until then a rejection must not count as unhandled.
      done.catch(() => undefined);
      this.inFlight.push(done);
    }
    while (this.inFlight.length >= GROUPS_IN_FLIGHT) await this.inFlight.shift();
  }

  /** Every file given to `process` so far is indexed or has failed. */
  private async settle(): Promise<void> {
    await this.sendGroup();
    while (this.inFlight.length > 0) await this.inFlight.shift();
  }

  private async ingestGroup(group: ReadyFile[]): Promise<void> {
    const { ingestBatch } = this.deps;
    const byDocument = new Map(group.map((file) => [file.documentId, file]));
    // Each file's row says indexed in the transaction that writes its document, so a crash leaves
    // both written or neither (and the file is indexed again, under the same id when it had one).
    const indexed = (written: { documentId: string }[]): FolderFileRecord[] =>
      written.flatMap(({ documentId }) => {
        const file = byDocument.get(documentId);
        return file ? [this.row(file.entry, { status: 'indexed', documentId, hash: file.hash })] : [];
      });
    let outcomes: BatchOutcome[];
    try {
      outcomes = await ingestBatch(
        group.map(({ documentId, source }) => ({ documentId, source })),
        (written) => ({ files: indexed(written) }),
      );
    } catch (error) {
      if (this.closed || this.deps.signal.aborted) throw error;
      // The group as a whole failed (the extractor, the write): each file alone says whether it is the cause.
      for (const file of group) await this.ingestAlone(file);
      return;
    }
    for (const [k, outcome] of outcomes.entries()) {
      if (outcome.status === 'failed') await this.recordOutcome(group[k] as ReadyFile, { reason: outcome.error.message });
    }
  }

  /** The file's row after indexing: indexed, or failed with the reason (and without a document). */
  private async recordOutcome(file: ReadyFile, result: { indexed: true } | { reason: string }): Promise<void> {
    const { entry, hash, documentId } = file;
    if ('indexed' in result) await this.deps.store.putFolderFiles([this.row(entry, { status: 'indexed', documentId, hash })]);
    else await this.mark(entry, this.row(entry, { status: 'pending', documentId }), 'failed', result.reason, hash);
  }

  /** A new file with the bytes of one that vanished is that file moved or renamed: it keeps its document. */
  private async claimMoved(entry: FolderEntry, hash: string): Promise<boolean> {
    const { store, fs } = this.deps;
    for (const candidate of await store.folderFilesWithHash(this.folder.id, hash)) {
      if (candidate.path === entry.path || !candidate.documentId || candidate.status !== 'indexed') continue;
      if (await fs.stat(this.folder.path, candidate.path)) continue;
      const document = await this.renamed(candidate.documentId, nameOf(candidate.path), nameOf(entry.path));
      await store.moveFolderFile(this.folder.id, candidate.path, entry.path, { ...sizeOf(entry), updatedAt: nowIso() }, document);
      this.vanishing.delete(candidate.path);
      return true;
    }
    return false;
  }

  /**
   * A document titled by its file's name takes the new name; one whose content names it (a
   * heading, a PDF's title) keeps that title. Either way its metadata names the file as it is now.
   */
  private async renamed(documentId: string, from: string, to: string): Promise<{ id: string; title: string; metadata: JsonObject } | undefined> {
    if (from === to) return undefined;
    const document = await this.deps.store.getDocument(documentId);
    if (!document) return undefined;
    return { id: documentId, title: document.title === from ? to : document.title, metadata: { ...document.metadata, filename: to } };
  }

  /** The row says why the file is not indexed; a document it had no longer stands for it. */
  private async mark(entry: FolderEntry, row: FolderFileRecord | null, status: 'skipped' | 'failed', reason: string, hash: string | null): Promise<void> {
    if (row?.documentId) await this.deps.removeDocument(row.documentId);
    await this.deps.store.putFolderFiles([this.row(entry, { status, reason, hash })]);
  }

  private async forget(row: FolderFileRecord): Promise<void> {
    if (row.documentId) await this.deps.removeDocument(row.documentId);
    await this.deps.store.deleteFolderFile(this.folder.id, row.path);
  }

  private row(entry: FolderEntry, fields: Partial<FolderFileRecord> & Pick<FolderFileRecord, 'status'>): FolderFileRecord {
    return { folderId: this.folder.id, path: entry.path, documentId: null, hash: null, reason: null, ...sizeOf(entry), updatedAt: nowIso(), ...fields };
  }
}
