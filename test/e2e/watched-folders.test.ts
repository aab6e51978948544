import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tempFolder } from '../helpers/folders';
import { openApp, openAppSession, screenshotPath, type AppSession } from './ui-harness';

/**
 * Watched folders in the Library, in Debian's Chromium against the real headless server: a folder
 * named by its path (a browser tab has no folder picker), followed to indexed, its skipped file
 * explained, then removed; the desktop window's picker and file opener through a stand-in for the
 * preload; another account sees a note instead.
 */
let app: AppSession | undefined;
let page: Page;
let dir = '';

async function library(p: Page): Promise<void> {
  await p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Library & ingest' }).click();
}

describe('watched folders in the app', () => {
  beforeAll(async () => {
    dir = tempFolder('kb-e2e-folder-');
    writeFileSync(
      join(dir, 'harbour-log.txt'),
      'The harbour master of Kelvik logs every ship that enters the fjord. In March the ferry Nordlys was delayed by ice for three days.\n',
    );
    mkdirSync(join(dir, 'minutes'));
    writeFileSync(
      join(dir, 'minutes', 'council-minutes.txt'),
      'The Kelvik council met on 4 April and agreed to dredge the inner harbour before the summer season, at a cost of 2.1 million kroner.\n',
    );
    writeFileSync(join(dir, 'chart.bin'), Buffer.from([0, 159, 146, 150, 0, 0, 1, 2, 3, 255]));
    app = await openAppSession();
    ({ page } = app);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('adds a folder by its path and shows both text files indexed, and why the third one is not', async () => {
    await library(page);
    const section = page.getByTestId('watched-folders');
    await section.getByLabel('Folder path').fill(dir);
    await section.getByRole('button', { name: 'Watch folder' }).click();
    const row = section.getByTestId('folder-row');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('watching');
    await expect.poll(() => row.getByTestId('folder-state').textContent(), { timeout: 20_000 }).toMatch(/Watching · 2 of 3 files indexed · 1 skipped/);
    await expect.poll(() => row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // The folder's files are documents in the list below, titled by their names.
    const docs = page.getByTestId('document-row');
    await expect.poll(() => docs.count(), { timeout: 10_000 }).toBe(2);
    expect(await docs.filter({ hasText: 'harbour-log.txt' }).count()).toBe(1);
    expect(await docs.filter({ hasText: 'council-minutes.txt' }).count()).toBe(1);
    // A folder's document shows where its file is in the folder.
    expect(await docs.filter({ hasText: 'minutes/council-minutes.txt' }).count()).toBe(1);

    await row.getByText('1 file not indexed').click();
    await expect.poll(() => row.getByTestId('folder-unindexed').textContent()).toMatch(/chart\.bin — skipped: unsupported file type/);
    await page.screenshot({ path: screenshotPath('folders') });
  });

  it("cites a folder's file by its path, and a browser tab offers no button to open it", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Ask' }).click();
    await page.getByLabel('Question').focus();
    await page.keyboard.type('When did the Kelvik council meet?');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
    const chip = answer.locator('.source-chip', { hasText: 'minutes/council-minutes.txt' });
    await expect.poll(() => chip.count()).toBe(1);
    await chip.click();
    const panel = page.getByTestId('passage-panel');
    await expect.poll(() => panel.getByTestId('passage-file').textContent()).toContain('minutes/council-minutes.txt');
    expect(await panel.getByRole('button', { name: 'Open file' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await library(page);
  });

  it('follows a file saved while the page is open, rescans on request, and removes the folder with its documents', async () => {
    const row = page.getByTestId('folder-row');
    writeFileSync(join(dir, 'tide-table.txt'), 'High tide at Kelvik on 1 May is at 06:12 and 18:40.\n');
    await expect.poll(() => row.getByTestId('folder-state').textContent(), { timeout: 20_000 }).toMatch(/3 of 4 files indexed/);
    await expect.poll(() => page.getByTestId('document-row').count(), { timeout: 10_000 }).toBe(3);

    await row.getByRole('button', { name: /^Rescan/ }).click();
    await expect.poll(() => row.getByTestId('folder-state').textContent(), { timeout: 20_000 }).toMatch(/Watching · 3 of 4 files indexed/);

    await row.getByRole('button', { name: /^Remove/ }).click();
    await row.getByRole('button', { name: 'Remove with its documents' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => page.getByTestId('document-row').count(), { timeout: 10_000 }).toBe(0);
  });

  it('in the desktop window, takes the folder from the system picker and opens a cited file through it', async () => {
    if (!app) throw new Error('no app');
    // A stand-in for Electron's preload (Electron cannot run here): the same bridge object, in the
    // page before the app's code, so the app takes the desktop path (no login, picker, open file).
    const picked = tempFolder('kb-e2e-picked-');
    writeFileSync(join(picked, 'lighthouse.txt'), 'The Kelvik lighthouse keeper lit the lamp at dusk every day from 1902 to 1951.\n');
    const context = await app.browser.newContext();
    await context.addInitScript(
      ({ url, key, folder }) => {
        const calls: unknown[][] = [];
        Object.assign(globalThis, {
          bridgeCalls: calls,
          knowledgeDesk: {
            apiBaseUrl: url,
            apiKey: key,
            pickFolder: async () => {
              calls.push(['pickFolder']);
              return folder;
            },
            openPath: async (folderId: string, path: string) => {
              calls.push(['openPath', folderId, path]);
              return null;
            },
          },
        });
      },
      { url: app.server.url, key: app.server.ownerKey, folder: picked },
    );
    const desk = await context.newPage();
    try {
      await desk.goto(app.server.url);
      await library(desk);
      const section = desk.getByTestId('watched-folders');
      expect(await section.getByLabel('Folder path').count()).toBe(0);
      await section.getByRole('button', { name: 'Watch a folder…' }).click();
      const row = section.getByTestId('folder-row');
      await expect.poll(() => row.getByTestId('folder-state').textContent(), { timeout: 20_000 }).toMatch(/Watching · 1 of 1 files indexed/);

      await desk.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Ask' }).click();
      await desk.getByLabel('Question').fill('When did the Kelvik lighthouse keeper light the lamp?');
      await desk.keyboard.press('Enter');
      const chip = desk.getByTestId('answer').last().locator('.source-chip', { hasText: 'lighthouse.txt' });
      await expect.poll(() => chip.count(), { timeout: 20_000 }).toBe(1);
      await chip.click();
      await desk.getByTestId('passage-panel').getByRole('button', { name: 'Open file' }).click();
      const { folders } = (await (await fetch(`${app.server.url}/folders`, { headers: { authorization: `Bearer ${app.server.ownerKey}` } })).json()) as { folders: { folder_id: string; path: string }[] };
      const folderId = folders.find((f) => f.path === picked)?.folder_id;
      await expect.poll(() => desk.evaluate(() => (globalThis as unknown as { bridgeCalls: unknown[][] }).bridgeCalls)).toEqual([['pickFolder'], ['openPath', folderId, 'lighthouse.txt']]);
    } finally {
      await context.close();
      rmSync(picked, { recursive: true, force: true });
    }
  });

  it('shows a signed-up account a note instead of the folders', async () => {
    if (!app) throw new Error('no app');
    const res = await fetch(`${app.server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'visitor@example.com', password: 'long enough password' }),
    });
    expect(res.status).toBe(200);
    const { api_key: key } = (await res.json()) as { api_key: string };
    const other = await openApp(app.browser, { ...app.server, ownerKey: key });
    try {
      await library(other);
      await expect.poll(() => other.getByTestId('folders-forbidden').count()).toBe(1);
      expect(await other.getByLabel('Folder path').count()).toBe(0);
    } finally {
      await other.context().close();
    }
  });
});
