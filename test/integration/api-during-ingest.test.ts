import { afterEach, describe, expect, it } from 'vitest';
import { largeCorpus } from '../helpers/real-data';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('the API while a large document is stored', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('answers requests between its batches instead of only when the whole document is done', async () => {
    server = await startTestServer();
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content: largeCorpus(), title: 'Big corpus' } });
    // A client polling every 20 ms. Extraction here runs in-process, so each batch is ready as soon
    // as it is asked for and the ingest never waits on I/O: only its own yielding between batches
    // lets the poller's timer, and so its requests, through before the document is done.
    let answeredWhileRunning = 0;
    for (;;) {
      expect((await server.json('GET', '/health')).status).toBe(200);
      const job = await server.json<{ status: string }>('GET', `/job-status/${body.job_id}`);
      expect(job.status).toBe(200);
      if (job.body.status === 'completed' || job.body.status === 'failed') {
        expect(job.body.status).toBe('completed');
        break;
      }
      if (job.body.status !== 'pending') answeredWhileRunning++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answeredWhileRunning).toBeGreaterThanOrEqual(3);
  });
});
