import picomatch from 'picomatch/posix.js';

/** Why a file of a watched folder is not indexed; `silent`: not even listed (hidden, temporary). */
export type SkipVerdict = { silent: true } | { silent: false; reason: string } | null;

export interface SkipRules {
  /** Directories not descended into: hidden ones (.git among them), node_modules, excluded ones. */
  skipDir(path: string): boolean;
  fileVerdict(path: string): SkipVerdict;
}

const SKIPPED_DIRS: ReadonlySet<string> = new Set(['node_modules']);

/**
 * Editors' and downloaders' temporary files: backups (`notes.md~`), Vim swap files, Emacs
 * auto-saves (`#notes.md#`), Office lock files (`~$report.docx`), partial downloads. They come and
 * go around every save and would otherwise flash into the library.
 */
function isTemporary(name: string): boolean {
  return (
    name.endsWith('~') ||
    /\.(swp|swo|swx|tmp|temp|part|crdownload)$/i.test(name) ||
    (name.startsWith('#') && name.endsWith('#')) ||
    name.startsWith('~$')
  );
}

const segments = (path: string): string[] => path.split('/').filter((s) => s.length > 0);
const hiddenOrSkipped = (segment: string): boolean => segment.startsWith('.') || SKIPPED_DIRS.has(segment);

/** One matcher for several globs; null for none. */
function anyOf(globs: string[]): ((path: string) => boolean) | null {
  if (globs.length === 0) return null;
  const matchers = globs.map((glob) => picomatch(glob, { dot: true, basename: !glob.includes('/') }));
  return (path) => matchers.some((m) => m(path));
}

/**
 * The folder's rules: defaults, then the user's globs (relative to the folder; a glob without a
 * slash matches a name at any depth, as in .gitignore).
 */
export function createSkipRules(include: string[], exclude: string[]): SkipRules {
  const included = anyOf(include);
  const excluded = anyOf(exclude);
  return {
    skipDir: (path) => segments(path).some(hiddenOrSkipped) || (excluded !== null && (excluded(path) || excluded(`${path}/`))),
    fileVerdict(path) {
      const parts = segments(path);
      const name = parts.at(-1) ?? '';
      if (parts.some(hiddenOrSkipped) || isTemporary(name)) return { silent: true };
      if (excluded?.(path)) return { silent: false, reason: 'excluded by the folder\'s exclude patterns' };
      if (included && !included(path)) return { silent: false, reason: 'not matched by the folder\'s include patterns' };
      return null;
    },
  };
}
