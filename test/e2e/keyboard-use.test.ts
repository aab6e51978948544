import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { startOllamaStandIn, type OllamaStandIn } from '../helpers/ollama-stand-in';
import { SHARED_DATA } from '../helpers/real-data';
import { openAppSession, screenshotPath, type AppSession } from './ui-harness';

/**
 * Chat and ingest with the keyboard alone, in Debian's Chromium against the real headless server.
 * The built-in answers are extractive and finish before a person could press Escape, so answers
 * here come from a STAND-IN for Ollama (test/helpers/ollama-stand-in.ts: Ollama's protocol on
 * 127.0.0.1, scripted tokens streamed slowly), chosen as the answer model in the settings.
 */
const ANSWER_MODEL = { name: 'tiny-chat:latest', contextLength: 4096, capabilities: ['completion'] };
const TOKENS = ['Ada Lovelace ', 'wrote the first ', 'published algorithm ', '[1]. ', ...Array.from({ length: 300 }, (_, i) => `more${i} `)];

let standIn: OllamaStandIn;
let app: AppSession | undefined;
let page: Page;

/** What has focus, as a person would name it: its accessible label or text, and for radios and buttons their kind. */
function focused(): Promise<string> {
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const label = el.getAttribute('aria-label') || (el.labels && el.labels[0] ? el.labels[0].textContent : '') || el.textContent || '';
    const kind = el.getAttribute('type') === 'radio' ? 'radio' : el.tagName.toLowerCase();
    return kind + ':' + label.trim();
  })()`);
}

/** Presses Tab until `target` has focus, returning every stop on the way (fails if it never comes). */
async function tabTo(target: string, max = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focused());
    if (stops.at(-1) === target) return stops;
  }
  throw new Error(`Tab never reached ${target}; stops: ${stops.join(' → ')}`);
}

/** Opens a main view from the navigation with the keyboard. */
async function openView(name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

function before(stops: string[], a: string, b: string): boolean {
  return stops.indexOf(a) >= 0 && stops.indexOf(a) < stops.indexOf(b);
}

describe('keyboard-only use', () => {
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: [ANSWER_MODEL], reply: () => ({ content: TOKENS, delayMs: 60 }) });
    app = await openAppSession({ ollamaHost: standIn.host });
    page = app.page;
    const put = await fetch(`${app.server.url}/settings/models`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${app.server.ownerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ answer_model: 'tiny-chat' }),
    });
    expect(put.status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await standIn?.stop();
  });

  it('ingests a picked file and pasted text: Tab reaches the picker, title, tags, text and Add text, Enter uses them', async () => {
    // Listening early: Playwright turns on file-chooser interception without waiting for the browser.
    const chooser = page.waitForEvent('filechooser');
    await openView('Library & ingest');
    const stops = await tabTo('button:Choose files…');
    expect(stops).not.toContain('input:Choose files to add');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(`${SHARED_DATA}markdown/rust-book_ch04-01-what-is-ownership.md`);

    const form = await tabTo('input:Title');
    expect(form[0]).toBe('input:Title');
    await page.keyboard.type('Lab notes');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('input:Tags (comma separated)');
    await page.keyboard.type('notes');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('textarea:Text');
    await page.keyboard.type('Ada Lovelace wrote the first published algorithm for the Analytical Engine in 1843.');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button:Add text');
    await page.keyboard.press('Enter');

    const rows = page.getByTestId('upload-row');
    await expect.poll(() => rows.count()).toBe(2);
    await page.locator('[data-testid=upload-row][data-state=completed]').nth(1).waitFor({ timeout: 60_000 });
    for (const name of ['rust-book_ch04-01-what-is-ownership.md', 'Lab notes']) {
      expect(await rows.filter({ hasText: name }).getByTestId('upload-state').textContent()).toMatch(/Done: \d+ passages/);
    }
  }, 90_000);

  it('asks with the keyboard: Tab order is mode picker, question, Send; arrows change the mode; Enter sends', async () => {
    await openView('Ask');
    // Opening the chat puts the cursor in the question box.
    await expect.poll(focused).toBe('textarea:Question');
    await page.keyboard.type('What did Ada Lovelace write?');
    await openView('Ask');
    const stops = await tabTo('button:Send');
    expect(before(stops, 'radio:Chat', 'textarea:Question')).toBe(true);
    expect(stops.at(-2)).toBe('textarea:Question');

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('radio:Chat');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Thinking' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: 'Chat' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('textarea:Question');

    await page.keyboard.press('Enter');
    const answer = page.getByTestId('answer').last();
    await expect.poll(() => answer.getByTestId('answer-text').textContent(), { timeout: 20_000 }).toContain('more3 ');
    // The question went to the answer model, and the box is empty for the next one.
    expect(standIn.chats.at(-1)?.messages.map((m) => m.content).join('\n')).toContain('What did Ada Lovelace write?');
    expect(await page.getByLabel('Question').inputValue()).toBe('');
  });

  it('stops a streaming answer with Escape: the answer says Stopped, no more text arrives, the stream is aborted', async () => {
    const answer = page.getByTestId('answer').last();
    const text = answer.getByTestId('answer-text');
    const aborted: Request[] = [];
    page.on('requestfailed', (r) => {
      if (new URL(r.url()).pathname === '/query') aborted.push(r);
    });
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);
    expect(await focused()).toBe('textarea:Question');

    await page.keyboard.press('Escape');
    await expect.poll(() => answer.getAttribute('aria-busy')).toBe('false');
    expect(await answer.getByText('Stopped').isVisible()).toBe(true);
    const atStop = (await text.textContent()) ?? '';
    expect(atStop).toContain('Ada Lovelace wrote the first published algorithm');
    expect(atStop).not.toContain(TOKENS.at(-1)!);
    await expect.poll(() => aborted.map((r) => r.failure()?.errorText)).toEqual(['net::ERR_ABORTED']);
    // The server hung up on the model too, so nothing keeps generating in the background.
    await expect.poll(() => standIn.abandoned, { timeout: 5000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect(await text.textContent()).toBe(atStop);
    expect(await page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('chat-stopped') });
  });
});
