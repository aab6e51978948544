import type { StreamEvent } from '../shared/api-types';

const EVENT_TYPES = new Set(['metadata', 'reasoning', 'content', 'sources', 'done', 'error']);

/** One event's `data:` payload as a typed stream event; anything else is a protocol error. */
function toEvent(payload: string): StreamEvent {
  const parsed = JSON.parse(payload) as { type?: unknown; data?: unknown };
  if (typeof parsed.type !== 'string' || !EVENT_TYPES.has(parsed.type) || typeof parsed.data !== 'object' || parsed.data === null) {
    throw new Error(`unexpected stream event: ${payload.slice(0, 200)}`);
  }
  return parsed as StreamEvent;
}

/**
 * Reads a Server-Sent Events body: frames end at a blank line, `data:` lines of one frame are
 * joined with newlines, comment lines (`:`) and other fields are skipped, and CRLF or CR line ends
 * are accepted, and a frame cut off by the end of the body is dropped, as the SSE standard says. Works on fetch's ReadableStream in Node and browsers.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A CR at the end may be the first half of a CRLF: it waits for the next read, unless none comes.
      const lineEnd = done ? /\r\n|\n|\r/ : /\r\n|\n|\r(?!$)/;
      let end: number;
      while ((end = buffer.search(lineEnd)) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield toEvent(data.join('\n'));
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
      }
      if (done) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
