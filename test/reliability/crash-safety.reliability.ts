import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { articleText, SHARED_DATA, xquadArticles } from '../helpers/real-data';
import { reliabilityProfile } from './profile';
import { api, newDataDir, removeDataDir, startServerProcess, type ServerProcess } from './server-process';
import { inspectStore } from './store-invariants';
import { recordFigures } from './summary';

const profile = reliabilityProfile();
const dataDir = newDataDir();
afterAll(() => removeDataDir(dataDir, 'crash'));

/** Real prose, several XQuAD articles to a document, so a kill often lands inside one. */
function round(i: number): { content: string; title: string }[] {
  const articles = xquadArticles();
  return [0, 1, 2, 3, 4].map((d) => {
    const picked = [0, 1, 2, 3].map((k) => articles[(i * 20 + d * 4 + k) % articles.length]!);
    return { title: `Round ${i} part ${d}: ${picked.map((a) => a.title).join(', ')}`, content: picked.map(articleText).join('\n\n') };
  });
}

async function upload(server: ServerProcess, file: string): Promise<string | null> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(`${SHARED_DATA}${file}`)]), file.split('/').at(-1));
  const res = await fetch(`${server.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${server.ownerKey}` }, body: form });
  return res.ok ? ((await res.json()) as { job_id?: string; upload_id: string }).upload_id : null;
}

async function jobStatuses(server: ServerProcess): Promise<{ job_id: string; status: string; data?: { document_id?: string } }[]> {
  const { body } = await api<{ jobs: { job_id: string; status: string; data?: { document_id?: string } }[] }>(server, 'GET', '/jobs?limit=200');
  return body.jobs;
}

describe('crash safety: SIGKILL during ingest, restart, nothing lost or half-written', () => {
  it(`survives ${profile.kills} kills`, async () => {
    const accepted = new Set<string>();
    const uploads = new Set<string>();
    const completedBeforeKill = new Map<string, string>();
    let killsDuringWork = 0;
    for (let i = 0; i < profile.kills; i++) {
      const server = await startServerProcess(dataDir);
      // Every restart first finds a whole store: nothing a previous kill left is visible as ready.
      const report = inspectStore(dataDir);
      expect(report.integrity).toBe('ok');
      expect(report.halfIndexed).toEqual([]);
      expect(report.orphans).toBe(0);
      const { status, body } = await api<{ job_ids: string[] }>(server, 'POST', '/insert/bulk', { documents: round(i) });
      expect(status).toBe(200);
      for (const id of body.job_ids) accepted.add(id);
      if (i % 3 === 0) {
        const id = await upload(server, 'markdown/rust-book_ch04-01-what-is-ownership.md');
        if (id) uploads.add(id);
      }
      // A random moment: anywhere from right after acceptance to well into extraction and storing.
      const until = Date.now() + 50 + Math.random() * 1500;
      while (Date.now() < until) {
        for (const job of await jobStatuses(server)) {
          if (job.status === 'completed' && job.data?.document_id) completedBeforeKill.set(job.job_id, job.data.document_id);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const unfinished = (await jobStatuses(server)).filter((j) => j.status !== 'completed' && j.status !== 'failed').length;
      if (unfinished > 0) killsDuringWork++;
      await server.kill('SIGKILL');
    }

    // The last start: every accepted job must end, and everything seen completed must still be there.
    const server = await startServerProcess(dataDir);
    try {
      const deadline = Date.now() + 10 * 60_000;
      let pending = [...accepted];
      let pendingUploads = [...uploads];
      // Jobs run two at a time, so an upload queued before the last inserts may still be parsing when they end.
      while ((pending.length > 0 || pendingUploads.length > 0) && Date.now() < deadline) {
        const statuses = new Map((await jobStatuses(server)).map((j) => [j.job_id, j.status]));
        pending = pending.filter((id) => statuses.get(id) !== 'completed' && statuses.get(id) !== 'failed');
        const uploadStatuses = await Promise.all(pendingUploads.map(async (id) => (await api<{ status: string }>(server, 'GET', `/upload/${id}/status`)).body.status));
        pendingUploads = pendingUploads.filter((_, k) => uploadStatuses[k] === 'processing');
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(pending, 'jobs stuck after the last restart').toEqual([]);
      expect(pendingUploads, 'uploads stuck after the last restart').toEqual([]);
      const jobs = await jobStatuses(server);
      expect(jobs.filter((j) => j.status === 'failed')).toEqual([]);
      for (const [jobId, documentId] of completedBeforeKill) {
        expect(jobs.find((j) => j.job_id === jobId)?.status).toBe('completed');
        expect((await api(server, 'GET', `/documents/${documentId}`)).status, `document ${documentId} of ${jobId}`).toBe(200);
      }
      for (const id of uploads) expect((await api<{ status: string }>(server, 'GET', `/upload/${id}/status`)).body.status).toBe('completed');
      const report = inspectStore(dataDir);
      expect(report.integrity).toBe('ok');
      expect(report.halfIndexed).toEqual([]);
      expect(report.orphans).toBe(0);
      expect(report.indexing).toBe(0);
      // Every accepted document, and each of them once: a re-run job never leaves a duplicate behind.
      expect(report.ready).toBe(accepted.size + uploads.size);
      const { body } = await api<{ summary: string; sources: unknown[] }>(server, 'POST', '/query', { query: 'What is ownership in Rust?' });
      expect(body.sources.length).toBeGreaterThan(0);
      recordFigures('Crash safety', {
        'kills (SIGKILL)': profile.kills,
        'kills with ingest in flight': killsDuringWork,
        'jobs accepted': accepted.size + uploads.size,
        'jobs completed after restarts': jobs.filter((j) => j.status === 'completed').length,
        'completed before a kill, kept': completedBeforeKill.size,
        'half-indexed documents': report.halfIndexed.length,
        'integrity_check': report.integrity,
      });
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
