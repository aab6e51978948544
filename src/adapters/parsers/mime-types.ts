/**
 * The MIME types the parsers understand. Detection, the registry and every parser name them from
 * here, so a type is spelled one way throughout.
 */
export const MIME = {
  text: 'text/plain',
  markdown: 'text/markdown',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

export type SupportedMimeType = (typeof MIME)[keyof typeof MIME];
