import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './axe-findings';
import { SHARED_DATA } from '../helpers/real-data';
import { openAppSession, screenshotPath, type AppSession, type UiServer } from './ui-harness';
import { WEAK_MATCH_COVERAGE } from '../../src/shared/coverage';

/**
 * The app as a person uses it, in Debian's Chromium against the real headless server (engine,
 * SQLite on disk, PDF worker) with a temporary data folder. Steps share one page, in order.
 */
let app: AppSession | undefined;
let server: UiServer;
let browser: Browser;
let page: Page;

async function view(name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(name) });
}

function sharedFile(path: string, type: string): { name: string; type: string; b64: string } {
  return { name: path.split('/').at(-1) ?? path, type, b64: readFileSync(`${SHARED_DATA}${path}`).toString('base64') };
}

describe('the desktop app in a browser', () => {
  beforeAll(async () => {
    app = await openAppSession();
    ({ server, browser, page } = app);
  }, 180_000);
  afterAll(() => app?.close());

  it('serves the page under a strict Content-Security-Policy, and the page asks for a key before anything else', async () => {
    const res = await fetch(server.url);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await res.text()).not.toMatch(/<script>(?!<\/script>)/);
    const anonymous = await browser.newPage();
    await anonymous.goto(server.url);
    await anonymous.getByLabel('API key').fill('svc_live_wrong0000000000000000000000000000');
    await anonymous.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => anonymous.getByRole('alert').textContent()).toMatch(/key/i);
    await anonymous.close();
  });

  it('ingests a dropped PDF, a picked CSV and pasted text, each row following its job to completed', async () => {
    await view('Library & ingest');
    const dropped = [sharedFile('pdf/tracemonkey.pdf', 'application/pdf')];
    // A real DataTransfer holding the file, built in the page (the test's TypeScript has no DOM types).
    const transfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      for (const f of ${JSON.stringify(dropped)}) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return dt;
    })()`);
    await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
    await expect.poll(() => page.locator('.drop-overlay').count()).toBe(1);
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
    await page.getByTestId('file-input').setInputFiles(`${SHARED_DATA}csv/vega-seattle-weather.csv`);
    await page.getByLabel('Title', { exact: true }).fill('Lab notes');
    await page.getByLabel('Tags (comma separated)').fill('notes, lab');
    await page.getByLabel('Text', { exact: true }).fill('Ada Lovelace wrote the first published algorithm for the Analytical Engine in 1843.');
    await page.getByRole('button', { name: 'Add text' }).click();

    const rows = page.getByTestId('upload-row');
    await expect.poll(() => rows.count()).toBe(3);
    // While the PDF is still being parsed, its row shows a stage and a progress bar.
    const pdfRow = rows.filter({ hasText: 'tracemonkey.pdf' });
    await expect.poll(() => pdfRow.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBeNull();
    await shot('ingest-progress');
    await page.locator('[data-testid=upload-row][data-state=completed]').nth(2).waitFor({ timeout: 150_000 });
    for (const name of ['tracemonkey.pdf', 'vega-seattle-weather.csv', 'Lab notes']) {
      await expect.poll(() => rows.filter({ hasText: name }).getByTestId('upload-state').textContent()).toMatch(/Done: \d+ passages, \d+ facts/);
    }
    await expect.poll(() => page.getByTestId('document-row').count()).toBe(3);
    await shot('library');
  }, 200_000);

  it('shows why a file failed', async () => {
    await page.getByTestId('file-input').setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) });
    const failed = page.locator('[data-testid=upload-row][data-state=failed]').filter({ hasText: 'picture.png' });
    await expect.poll(() => failed.getByTestId('upload-state').textContent()).toMatch(/unsupported file type; supported types: .*application\/pdf/);
  });

  it('streams a cited answer; the citation opens the passage on its page with the sentence highlighted', async () => {
    await view('Ask');
    const question = page.getByLabel('Question');
    await question.focus();
    await page.keyboard.type("What does nanojit's code generator emit?");
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
    expect(await answer.getByTestId('answer-text').textContent()).toMatch(/native machine instruction/);
    expect(await answer.getByTestId('weak-coverage').count()).toBe(0);
    const citation = answer.getByTestId('citation').first();
    expect(await citation.getAttribute('aria-label')).toMatch(/tracemonkey\.pdf, p\. \d+/);
    await citation.click();
    const panel = page.getByTestId('passage-panel');
    await expect.poll(() => panel.getByTestId('passage-where').textContent()).toMatch(/page \d+/);
    const cited = Number(/p\. (\d+)/.exec((await citation.getAttribute('aria-label')) ?? '')?.[1]);
    expect(await panel.getByTestId('passage-where').textContent()).toContain(`page ${cited}`);
    const highlighted = (await panel.getByTestId('passage-highlight').textContent()) ?? '';
    expect((await answer.getByTestId('answer-text').textContent())?.replace(/\s+/g, ' ')).toContain(highlighted.replace(/\s+/g, ' ').trim().slice(0, 60));
    await shot('chat');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('says "not in your knowledge base" for an off-topic question instead of inventing an answer', async () => {
    await page.getByLabel('Question').fill('Who won the 1954 football world cup final?');
    await page.getByRole('button', { name: 'Send' }).click();
    const last = page.getByTestId('answer').last();
    await expect.poll(() => last.getByTestId('not-found').textContent(), { timeout: 20_000 }).toMatch(/Not in your knowledge base/);
    expect(await last.getByTestId('citation').count()).toBe(0);
  });

  it('marks an answer whose passages cover only part of the question, with how much they cover', async () => {
    // The notes name Ada Lovelace, but nothing about paintings, selling or Venice: worth an answer, not trust.
    const question = 'Which paintings did Ada Lovelace sell in Venice?';
    const res = await fetch(`${server.url}/query`, { method: 'POST', headers: { authorization: `Bearer ${server.ownerKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ query: question }) });
    const { metadata } = (await res.json()) as { metadata: { coverage: number; absent_words?: string[] } };
    expect(metadata.coverage).toBeLessThan(WEAK_MATCH_COVERAGE);
    expect(metadata.absent_words).toContain('venice');
    await page.getByLabel('Question').fill(question);
    await page.keyboard.press('Enter');
    const weak = page.getByTestId('answer').last().getByTestId('weak-coverage');
    await expect.poll(() => weak.textContent(), { timeout: 20_000 }).toMatch(/Weak match/);
    expect(await weak.getAttribute('title')).toContain(`${Math.round(metadata.coverage * 100)}%`);
    // And says which of the question's words no document holds, so the user knows what to rephrase.
    expect(await page.getByTestId('answer').last().getByTestId('absent-words').textContent()).toContain('“venice”');
  });

  it('shows facts only, with their sources', async () => {
    await page.getByText('Facts only').click();
    await page.getByLabel('Question').fill('What is TraceMonkey?');
    await page.keyboard.press('Enter');
    const table = page.getByTestId('facts-table').last();
    await expect.poll(() => table.textContent(), { timeout: 20_000 }).toMatch(/TraceMonkey/);
    expect(await page.getByTestId('answer').last().getByTestId('answer-text').textContent()).toBe('');
    await table.getByRole('button', { name: 'tracemonkey.pdf' }).first().click();
    await expect.poll(() => page.getByTestId('passage-panel').getByTestId('passage-where').textContent()).toMatch(/page \d+/);
    await page.keyboard.press('Escape');
    await page.getByText('Chat', { exact: true }).click();
  });

  it('renames and deletes the conversation from the sidebar', async () => {
    const item = page.getByTestId('conversation-item').first();
    await item.getByRole('button', { name: /^Rename/ }).click();
    const title = page.getByLabel('Conversation title');
    await title.fill('Nanojit questions');
    await title.press('Enter');
    await expect.poll(() => page.getByTestId('conversation-item').first().textContent()).toContain('Nanojit questions');
    const listed = await fetch(`${server.url}/conversations`, { headers: { authorization: `Bearer ${server.ownerKey}` } });
    expect(((await listed.json()) as { conversations: { title: string }[] }).conversations.map((c) => c.title)).toEqual(['Nanojit questions']);
    await page.getByTestId('conversation-item').first().getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(0);
  });

  it('finds an entity in the graph explorer, expands it by depth, and opens the source of a fact', async () => {
    await view('Graph explorer');
    const canvas = page.getByTestId('graph-canvas');
    await expect.poll(() => page.getByTestId('graph-status').textContent(), { timeout: 20_000 }).toMatch(/Central entities: \d+ of/);
    const search = page.getByRole('combobox', { name: 'Find an entity' });
    await search.fill('TraceMonkey');
    await page.getByRole('option', { name: /^TraceMonkey/ }).first().waitFor();
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('graph-status').textContent()).toMatch(/Neighbourhood: \d+ of/);
    const panel = page.getByTestId('entity-panel');
    await expect.poll(() => panel.getByRole('heading', { level: 2 }).textContent()).toBe('TraceMonkey');
    const oneHop = Number(await canvas.getAttribute('data-node-count'));
    expect(oneHop).toBeGreaterThan(1);
    await page.getByLabel('Depth').selectOption('2');
    await expect.poll(async () => Number(await canvas.getAttribute('data-node-count'))).toBeGreaterThan(oneHop);
    await shot('graph');
    const fact = panel.getByTestId('entity-fact').first();
    await fact.click();
    const highlight = page.getByTestId('passage-panel').getByTestId('passage-highlight');
    await expect.poll(() => highlight.textContent()).toMatch(/TraceMonkey/);
    await page.getByTestId('passage-panel').getByRole('button', { name: 'Close' }).click();
  });

  it('deletes a document from the library', async () => {
    await view('Library & ingest');
    const row = page.getByTestId('document-row').filter({ hasText: 'Lab notes' });
    await row.getByRole('button', { name: 'Delete Lab notes' }).click();
    await row.getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => page.getByTestId('document-row').count()).toBe(2);
    const res = await fetch(`${server.url}/documents`, { headers: { authorization: `Bearer ${server.ownerKey}` } });
    expect(((await res.json()) as { documents: { title: string }[] }).documents.map((d) => d.title).sort()).toEqual(['tracemonkey.pdf', 'vega-seattle-weather.csv']);
  });

  it('shows the API address with a curl example and the key in settings', async () => {
    await view('Settings');
    await expect.poll(() => page.getByTestId('api-address').textContent()).toBe(server.url);
    expect(await page.getByLabel('curl example').textContent()).toContain(`${server.url}/query`);
    await shot('settings');
  });

  it('has no serious accessibility violations on the main views', async () => {
    const found: Record<string, string[]> = {};
    for (const name of ['Ask', 'Graph explorer', 'Library & ingest', 'Settings']) {
      await view(name);
      await page.waitForTimeout(300);
      found[name] = await seriousViolations(page);
    }
    expect(found).toEqual({ Ask: [], 'Graph explorer': [], 'Library & ingest': [], Settings: [] });
  });
});
