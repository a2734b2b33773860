// The explorer for browser tests: the production app (buildApp) over the real release on a real port,
// a headless Chromium, and helpers to open a view, ask the API, take screenshots and run axe-core.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { buildApp, type DalaApp } from '../../src/serve/app.js';
import { webDistDir } from '../../src/serve/web/assets.js';
import { launchBrowser } from './browser.js';
import { realRelease } from './release.js';

export interface Explorer {
  app: DalaApp;
  base: string;
  revision: string;
  context: BrowserContext;
  open: (
    hash?: string,
    viewport?: { width: number; height: number },
    path?: string,
  ) => Promise<Page>;
  api: <T>(url: string) => Promise<T>;
  shot: (page: Page, name: string, fullPage?: boolean) => Promise<void>;
  seriousAxeViolations: (page: Page) => Promise<{ id: string; impact: string; nodes: string[] }[]>;
  close: () => Promise<void>;
}

export async function startExplorer(artifacts: string): Promise<Explorer> {
  await mkdir(artifacts, { recursive: true });
  // The package build makes web/dist (npm `prepare`); build it here when an install skipped scripts.
  if (!existsSync(join(webDistDir(), 'index.html')))
    execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  const { releasesDir, revision } = await realRelease();
  const app = await buildApp({ releasesDir, answerBeforeStoreVerified: true }); // as `dala serve` opens it
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  assert.ok(addr && typeof addr === 'object', 'the app listens on a TCP port');
  const base = `http://127.0.0.1:${addr.port}`;
  const { context, close: closeBrowser } = await launchBrowser();
  const pages = new Set<Page>();
  const axeSource = await readFile(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );

  return {
    app,
    base,
    revision,
    context,
    async open(hash = '', viewport, path = '/') {
      const page = await context.newPage();
      pages.add(page);
      if (viewport) await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${base}${path}${hash}`);
      await page.waitForSelector('html[data-ready]', { timeout: 30_000 });
      assert.deepEqual(errors, [], 'no script error on the page');
      return page;
    },
    async api<T>(url: string): Promise<T> {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json() as T;
    },
    async shot(page, name, fullPage = true) {
      await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage });
    },
    async seriousAxeViolations(page) {
      // Evaluated through the DevTools protocol: the page's CSP rightly refuses inline scripts.
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: {
              run: () => Promise<{
                violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
              }>;
            };
          }
        ).axe.run();
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        }));
      });
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    },
    async close() {
      // A failed step leaves its page open; close every page before the browser and the server.
      for (const page of pages) await page.close().catch(() => undefined);
      await closeBrowser();
      await app.close();
    },
  };
}

/** The file a click downloads: its suggested name and its bytes. */
export async function download(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; body: Buffer }> {
  const [dl] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return { name: dl.suggestedFilename(), body: await readFile((await dl.path())!) };
}
