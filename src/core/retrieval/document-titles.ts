import type { FolderFileRef } from '../../shared/api-types';
import type { KnowledgeStore } from '../ports';
import { entityKey } from '../extract/entity-key';

// "Toad Hall (ANU)": the bracketed part of a title tells namesakes apart and is not part of the name.
const DISAMBIGUATION = /\s*\([^)]*\)\s*$/u;

/** The entity key of the name a document is titled with: "Toad Hall (ANU)" → "toad hall". */
export function titleKey(title: string): string {
  return entityKey(title.replace(DISAMBIGUATION, ''));
}

/** Titles of the given documents, by id, read where `known` lacks them; documents deleted meanwhile are left out. */
export async function documentTitles(store: KnowledgeStore, documentIds: Iterable<string>, known?: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const id of new Set(documentIds)) {
    const title = known?.get(id) ?? (await store.getDocument(id))?.title;
    if (title !== undefined) titles.set(id, title);
  }
  return titles;
}

/** The watched files the given documents stand for, by id; other documents are left out. */
export async function documentFiles(store: KnowledgeStore, documentIds: Iterable<string>): Promise<Map<string, FolderFileRef>> {
  const files = new Map<string, FolderFileRef>();
  for (const id of new Set(documentIds)) {
    const folder = (await store.getDocument(id))?.folder;
    if (folder) files.set(id, { folder_id: folder.folderId, path: folder.path });
  }
  return files;
}
