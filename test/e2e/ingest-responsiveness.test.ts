import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHARED_DATA } from '../helpers/real-data';
import { openAppSession, type AppSession, type UiServer } from './ui-harness';

/**
 * The app while a long PDF ingests, in Debian's Chromium against the real headless server: the
 * 55-page pdkids.pdf (pdfinfo: 55 pages) goes in through the file picker, and the chat must answer,
 * with a citation, before that ingest finishes. Times are printed, not asserted.
 */
const LONG_PDF = 'pdkids.pdf';
const NOTES = 'Ada Lovelace was an English mathematician. Ada Lovelace worked with Charles Babbage in London. Ada Lovelace wrote the first published algorithm for the Analytical Engine in 1843.';

let app: AppSession | undefined;
let server: UiServer;
let page: Page;

async function view(name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.ownerKey}` } });
  return (await res.json()) as T;
}

interface Job {
  job_id: string;
  status: string;
}

describe('the app while a 55-page PDF ingests', () => {
  beforeAll(async () => {
    app = await openAppSession();
    ({ server, page } = app);
  }, 180_000);
  afterAll(() => app?.close());

  it('answers a question with a citation, and switches views, before the PDF is done', async () => {
    // Listening early: Playwright turns on file-chooser interception without waiting for the browser.
    const chooser = page.waitForEvent('filechooser');
    await view('Library & ingest');
    await page.getByLabel('Title', { exact: true }).fill('Lab notes');
    await page.getByLabel('Text', { exact: true }).fill(NOTES);
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.locator('[data-testid=upload-row][data-state=completed]').waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Choose files…' }).click();
    await (await chooser).setFiles(`${SHARED_DATA}pdf/${LONG_PDF}`);
    const started = Date.now();
    const pdfRow = page.getByTestId('upload-row').filter({ hasText: LONG_PDF });
    await pdfRow.waitFor();
    // The row shows from the moment the file is being sent; its job exists once the server has it.
    let jobs: Job[] = [];
    const running = (): Job[] => jobs.filter((j) => j.status !== 'completed' && j.status !== 'failed');
    await expect
      .poll(async () => {
        ({ jobs } = await api<{ jobs: Job[] }>('/jobs'));
        return running().length;
      }, { timeout: 30_000, interval: 50, message: 'the PDF\'s job never showed as running' })
      .toBe(1);
    const pdfJob = running()[0]!.job_id;
    const pdfStatus = async (): Promise<string> => (await api<Job>(`/job-status/${pdfJob}`)).status;

    const askedAt = Date.now();
    await view('Ask');
    await page.getByLabel('Question').fill('Who wrote the first published algorithm?');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 60_000 }).toBe('false');
    const answerMs = Date.now() - askedAt;
    const statusAtAnswer = await pdfStatus();
    expect(await answer.getByTestId('answer-text').textContent()).toMatch(/wrote the first published algorithm/);
    expect(await answer.getByTestId('citation').first().getAttribute('aria-label')).toMatch(/Lab notes/);
    // The point of the test: the answer came while the PDF was still being ingested.
    expect(['pending', 'chunking', 'extracting', 'storing']).toContain(statusAtAnswer);

    // The other views still open and fill in meanwhile.
    const switchedAt = Date.now();
    await view('Graph explorer');
    await expect.poll(() => page.getByTestId('graph-status').textContent()).toMatch(/Central entities: \d+ of/);
    await view('Library & ingest');
    await expect.poll(() => page.getByTestId('document-row').filter({ hasText: 'Lab notes' }).count()).toBe(1);
    const switchMs = Date.now() - switchedAt;
    const statusAfterSwitch = await pdfStatus();

    await expect.poll(() => pdfRow.getAttribute('data-state'), { timeout: 300_000, interval: 1000 }).toBe('completed');
    expect(await pdfRow.getByTestId('upload-state').textContent()).toMatch(/Done: \d+ passages/);
    console.log(
      `[ingest-responsiveness] ${LONG_PDF}: answer with citation in ${answerMs} ms (PDF job was '${statusAtAnswer}'), ` +
        `Ask → Graph explorer → Library in ${switchMs} ms (PDF job then '${statusAfterSwitch}'), whole PDF ingested in ${Date.now() - started} ms`,
    );
  }, 400_000);
});
