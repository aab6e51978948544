import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SubgraphOut } from '../../src/shared/graph-schemas';
import { SHARED_DATA } from '../helpers/real-data';
import { openAppSession, screenshotPath, type AppSession } from './ui-harness';

/**
 * The graph explorer on a real paper (tracemonkey.pdf, read from the shared data), in Debian's
 * Chromium against the real server: it opens on the most central entities, linked by stated facts
 * and by what passages name together; a link opens its sentences; the links can be switched off.
 */
let app: AppSession | undefined;
let page: Page;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${app!.server.url}${path}`, { ...init, headers: { authorization: `Bearer ${app!.server.ownerKey}`, ...init.headers } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const status = () => page.getByTestId('graph-status').textContent();
const canvasCount = async (name: string) => Number(await page.getByTestId('graph-canvas').getAttribute(`data-${name}`));

describe('graph explorer on tracemonkey.pdf', () => {
  beforeAll(async () => {
    app = await openAppSession();
    page = app.page;
    page.setDefaultTimeout(10_000);
    const form = new FormData();
    form.set('file', new File([readFileSync(`${SHARED_DATA}pdf/tracemonkey.pdf`)], 'tracemonkey.pdf', { type: 'application/pdf' }));
    const { upload_id } = await api<{ upload_id: string }>('/upload', { method: 'POST', body: form });
    const deadline = Date.now() + 150_000;
    for (;;) {
      const upload = await api<{ status: string }>(`/upload/${upload_id}/status`);
      if (upload.status === 'completed') break;
      if (upload.status === 'failed' || Date.now() > deadline) throw new Error(`tracemonkey.pdf: ${JSON.stringify(upload)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 200_000);
  afterAll(async () => {
    await app?.close();
  });

  it('opens on the most central entities, connected by facts and by what passages name together', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Graph explorer' }).click();
    await expect.poll(status, { timeout: 20_000 }).toMatch(/^Central entities: \d+ of [\d,]+ entities, \d+ links \(\d+ stated, \d+ mentioned with\)/);
    const nodes = await canvasCount('node-count');
    const mentioned = await canvasCount('mention-edge-count');
    expect(nodes).toBeGreaterThanOrEqual(50);
    expect(mentioned).toBeGreaterThan(nodes);

    // The same overview through the API: its most central entity has a neighbourhood of its own.
    const overview = await api<SubgraphOut>('/graph/subgraph?limit=150&co_mentions=true');
    const top = overview.nodes[0]!;
    const around = new Set(overview.edges.flatMap((e) => (e.source === top.entity_id ? [e.target] : e.target === top.entity_id ? [e.source] : [])));
    expect(around.size).toBeGreaterThanOrEqual(5);
    // Most of the overview hangs together: the component of the most central entity holds most nodes.
    const reached = new Set([top.entity_id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const e of overview.edges) {
        if (reached.has(e.source) !== reached.has(e.target)) {
          reached.add(e.source);
          reached.add(e.target);
          grew = true;
        }
      }
    }
    expect(reached.size / overview.nodes.length).toBeGreaterThan(0.8);

    // Centred on it in the app: several neighbours, and what passages name it with in the panel.
    const search = page.getByRole('combobox', { name: 'Find an entity' });
    await search.fill(top.name);
    await page.getByRole('option', { name: new RegExp(`^${top.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().waitFor();
    await search.press('Enter');
    await expect.poll(status).toMatch(/^Neighbourhood: \d+ of/);
    expect(await canvasCount('node-count')).toBeGreaterThanOrEqual(8);
    const panel = page.getByTestId('entity-panel');
    await expect.poll(() => panel.getByRole('heading', { level: 2 }).textContent()).toBe(top.name);
    await expect.poll(() => panel.getByTestId('mentioned-with').count()).toBeGreaterThanOrEqual(3);
  });

  it('opens a link: the sentences where the two are named together, each citing its page', async () => {
    const panel = page.getByTestId('entity-panel');
    const centre = await panel.getByRole('heading', { level: 2 }).textContent();
    const companion = panel.getByTestId('mentioned-with').first();
    const other = (await companion.textContent())!.replace(/\d+$/, '').trim();
    await companion.click();
    const link = page.getByTestId('link-panel');
    await expect.poll(() => link.getByRole('heading', { level: 2 }).textContent()).toContain(other);
    const passages = link.getByTestId('link-passage');
    await expect.poll(() => passages.count()).toBeGreaterThanOrEqual(1);
    expect(await passages.first().textContent()).toMatch(/tracemonkey\.pdf · p\. \d+/);
    await page.screenshot({ path: screenshotPath('graph') });
    await passages.first().click();
    const highlight = page.getByTestId('passage-panel').getByTestId('passage-highlight');
    await expect.poll(() => highlight.textContent()).toMatch(new RegExp(`${centre}|${other}`, 'i'));
    await page.getByTestId('passage-panel').getByRole('button', { name: 'Close' }).click();
    await link.getByRole('button', { name: 'Close' }).click();
  });

  it('switches the mentioned-with links off and on', async () => {
    const before = await canvasCount('mention-edge-count');
    expect(before).toBeGreaterThan(0);
    const toggle = page.getByLabel('Show mentioned-with links');
    await toggle.uncheck();
    await expect.poll(() => canvasCount('mention-edge-count')).toBe(0);
    await expect.poll(status).not.toMatch(/mentioned with/);
    await toggle.check();
    await expect.poll(() => canvasCount('mention-edge-count')).toBe(before);
  });
});
