import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { StreamEvent } from '../../shared/api-types';
import { untilClientLeaves } from './request-abort';

/** One SSE frame: `data: <json>` and a blank line, as the spec shows. */
export function sseFrame(event: StreamEvent): string {
  return JSON.stringify(event);
}

/**
 * Streams events to the client. When the client goes away the signal aborts, so generation
 * stops instead of running on for nobody; a failure mid-stream becomes an `error` then a `done`.
 */
export function streamEvents(
  c: Context,
  produce: (signal: AbortSignal) => AsyncIterable<StreamEvent>,
  log: (message: string, error: unknown) => void,
): Response {
  return streamSSE(c, async (stream) => {
    const controller = new AbortController();
    stream.onAbort(() => controller.abort());
    await untilClientLeaves(c, () => controller.abort(), async () => {
      try {
        for await (const event of produce(controller.signal)) {
          if (controller.signal.aborted) break;
          await stream.writeSSE({ data: sseFrame(event) });
        }
      } catch (error) {
        log('stream failed', error);
        const message = 'the answer stream failed; the server log has the details';
        await stream.writeSSE({ data: sseFrame({ type: 'error', data: { message, code: 'internal' } }) });
        await stream.writeSSE({ data: sseFrame({ type: 'done', data: { error: message } }) });
      }
    });
  });
}
