/**
 * The real file behind a path inside the packaged app's archive. electron-builder keeps native
 * files out of `app.asar` (in `app.asar.unpacked`, electron-builder.yml's asarUnpack), and
 * Electron redirects its own file reads there, but SQLite opens an extension with the system's
 * loader, which knows nothing of the archive.
 *
 * @example unpackedPath('/opt/Knowledge Desk/resources/app.asar/node_modules/x/vec0.so')
 * // → '/opt/Knowledge Desk/resources/app.asar.unpacked/node_modules/x/vec0.so'
 */
export function unpackedPath(file: string): string {
  return file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}
