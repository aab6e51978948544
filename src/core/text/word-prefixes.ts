/** Prefixes that make new words of known ones: "refreeze", "unplug", "preheat", "overcharge". */
const WORD_PREFIXES = ['re', 'un', 'pre', 'over', 'under', 'mis', 'non', 'out', 'co', 'sub', 'anti', 'multi', 'super'];
/** The shortest word a prefix is taken off: "re" + "ad" is no derived word. */
const MIN_BASE = 4;

/**
 * The known word a term is made of with a prefix ("refreez" → freez), where word lists leave the
 * derived word out; undefined when it is none.
 */
export function prefixedBase(term: string, known: (term: string) => boolean): string | undefined {
  for (const prefix of WORD_PREFIXES) {
    const base = term.slice(prefix.length);
    if (term.startsWith(prefix) && base.length >= MIN_BASE && known(base)) return base;
  }
  return undefined;
}
