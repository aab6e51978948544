/** What a parse crosses into its worker thread with, shared by the PDF parser and the parse pool. */

/**
 * Error codes of a worker whose script cannot load (a missing file reports MODULE_NOT_FOUND when
 * the entry goes through the CommonJS loader): a deployment fault, not a fault of the file.
 */
export const WORKER_STARTUP_ERRORS: ReadonlySet<string> = new Set(['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND', 'ERR_UNKNOWN_FILE_EXTENSION', 'ERR_WORKER_PATH', 'ERR_INVALID_URL']);

/**
 * The file's bytes in a buffer of their own, to transfer: the caller's stay usable, and a Buffer
 * is often a view into a larger shared pool (whose `.buffer` holds other data too).
 */
export function exactCopy(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}
