// picomatch ships no types; only the part the folder rules use is declared.
declare module 'picomatch/posix.js' {
  interface PicomatchOptions {
    dot?: boolean;
    /** A pattern without a slash matches the base name at any depth. */
    basename?: boolean;
  }
  function picomatch(glob: string | string[], options?: PicomatchOptions): (path: string) => boolean;
  export default picomatch;
}
