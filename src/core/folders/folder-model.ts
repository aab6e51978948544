/** Records of watched folders and of the files in them, as the engine stores them. */

export type FolderStatus = 'scanning' | 'watching' | 'error';
export type FolderFileStatus = 'pending' | 'indexed' | 'failed' | 'skipped';

export interface FolderRecord {
  id: string;
  /** Absolute and resolved (no symbolic links), as the folder was added. */
  path: string;
  include: string[];
  exclude: string[];
  tags: string[];
  status: FolderStatus;
  error: string | null;
  lastScanAt: string | null;
  createdAt: string;
}

export interface FolderFileRecord {
  folderId: string;
  /** Relative to the folder, with forward slashes. */
  path: string;
  status: FolderFileStatus;
  documentId: string | null;
  /** SHA-256 of the bytes last looked at; null until the file has been read. */
  hash: string | null;
  size: number;
  mtimeMs: number;
  reason: string | null;
  updatedAt: string;
}

export type FolderCounts = Record<FolderFileStatus, number>;

/** A folder with its files counted by status, as the API shows it. */
export interface FolderView extends FolderRecord {
  counts: FolderCounts;
}

/** Why a watched file has no document after its document was deleted through the documents API. */
export const DOCUMENT_DELETED = 'its document was deleted; the file is indexed again when its content changes';
