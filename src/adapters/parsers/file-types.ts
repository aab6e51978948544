import type { FileTypes } from '../../core/parse/types';
import { detectFileType } from './detect-type';
import { createFileParsers, type FileParsersOptions } from './parser-registry';

/** The engine's FileTypes port: content-first type detection plus the installed parsers. */
export function createFileTypes(options: FileParsersOptions = {}): FileTypes {
  const parsers = createFileParsers(options);
  return {
    supported: parsers.mimeTypes,
    detect: (bytes, declaredType, filename) => {
      const type = detectFileType(bytes, { declaredType: declaredType ?? undefined, fileName: filename });
      return type && parsers.parserFor(type) ? type : null;
    },
    parserFor: (mimeType) => parsers.parserFor(mimeType),
  };
}
