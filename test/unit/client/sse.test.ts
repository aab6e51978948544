import { describe, expect, it } from 'vitest';
import { readSse } from '../../../src/client/sse';

/** A body delivered in the given pieces, as a network would cut it. */
function body(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const event of readSse(stream)) events.push(event);
  return events;
}

describe('readSse', () => {
  it('reads frames cut anywhere, even inside a multi-byte character', async () => {
    const raw = 'data: {"type":"content","data":{"delta":"Zürich "}}\n\ndata: {"type":"done","data":{}}\n\n';
    const bytes = new TextEncoder().encode(raw);
    const cut = raw.indexOf('ü') + 1; // between the two bytes of ü
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    expect(await collect(stream)).toEqual([
      { type: 'content', data: { delta: 'Zürich ' } },
      { type: 'done', data: {} },
    ]);
  });

  it('accepts CRLF and CR line ends, comments, other fields and data split over lines', async () => {
    const events = await collect(
      body(': keep-alive\r\n', 'event: message\r\nid: 1\r\ndata: {"type":"metadata",\r\ndata: "data":{"total_facts":0}}\r', '\n\r\n', 'data:{"type":"done","data":{}}\r\r'),
    );
    expect(events).toEqual([
      { type: 'metadata', data: { total_facts: 0 } },
      { type: 'done', data: {} },
    ]);
  });

  it('drops a frame cut off by the end of the body, as EventSource does', async () => {
    expect(await collect(body('data: {"type":"done","data":{}}\n\n', 'data: {"type":"content"'))).toEqual([{ type: 'done', data: {} }]);
  });

  it('refuses an event type the API does not define', async () => {
    await expect(collect(body('data: {"type":"surprise","data":{}}\n\n'))).rejects.toThrow(/unexpected stream event/);
  });
});
