// Drives the reviewer console (/review/) in Debian's headless Chromium through playwright-core. Every
// step waits on a data-testid selector or state, never on time; failures name what the page said.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** The machine has no internet: nothing in the browser may try to reach it. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const STEP_MS = 15_000;

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM);
}

interface OpenConsole {
  context: BrowserContext;
  userDataDir: string;
  /** Uncaught page errors and console errors, for failure messages. */
  errors: string[];
}

const open = new Map<Page, OpenConsole>();

/**
 * A fresh browser (own temporary profile) on `${baseUrl}/review/`, showing the sign-in form. Each call is
 * a separate browser, so two reviewers can work side by side.
 */
export async function openConsole(baseUrl: string, opts: { width?: number; height?: number } = {}): Promise<Page> {
  if (!hasChromium()) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (make test does: mk/browser.mk)`);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-console-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
  });
  const errors: string[] = [];
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  open.set(page, { context, userDataDir, errors });
  page.setDefaultTimeout(STEP_MS);
  await page.goto(`${baseUrl.replace(/\/$/, '')}/review/`);
  await page.getByTestId('sign-in').waitFor({ state: 'visible' });
  return page;
}

/** What went wrong in the page so far: uncaught script errors, and what the browser logged as errors (refused requests too). */
export function consoleErrors(page: Page): string[] {
  return [...(open.get(page)?.errors ?? [])];
}

/** Uncaught script errors only (a refused request, which the console reports on its status line, is not one). */
export function pageErrors(page: Page): string[] {
  return consoleErrors(page).filter((e) => e.startsWith('page error:'));
}

export async function statusText(page: Page): Promise<string> {
  return (await page.getByTestId('status').textContent())?.trim() ?? '';
}

/** Wraps a step so that its failure says what the status line and the page's errors said. */
async function step<T>(page: Page, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const status = await statusText(page).catch(() => '(page gone)');
    const errors = consoleErrors(page);
    throw new Error(`${what} failed: ${(err as Error).message.split('\n')[0]}\n  status line: ${status}${errors.length ? `\n  ${errors.join('\n  ')}` : ''}`, { cause: err });
  }
}

export async function signIn(page: Page, key: string): Promise<void> {
  await step(page, 'sign in', async () => {
    await page.getByTestId('key').fill(key);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('queue').waitFor({ state: 'attached' });
    await page.getByTestId('workspace').waitFor({ state: 'visible' });
  });
}

const queueItem = (page: Page, id?: string) =>
  page.locator(id ? `[data-testid="queue-item"][data-moderation-job-id="${id}"], [data-testid="queue-item"][data-external-id="${id}"]` : '[data-testid="queue-item"]').first();

/**
 * Waits until the item (by moderation job id or external id; any item when omitted) is in the queue,
 * asking the console to refresh its queue while it is not, then opens it (which does not claim it:
 * `c`, or starting a decision, does) and waits for its frame. Returns its moderation job id.
 */
export async function openFirstItem(page: Page, id?: string, timeoutMs = 60_000): Promise<string> {
  return step(page, `open ${id ?? 'the first queue item'}`, async () => {
    const deadline = Date.now() + timeoutMs;
    const item = queueItem(page, id);
    for (;;) {
      try {
        await item.waitFor({ state: 'visible', timeout: Math.max(1, Math.min(2_000, deadline - Date.now())) });
        break;
      } catch (err) {
        if (Date.now() >= deadline) throw err;
        await page.getByTestId('refresh').click();
      }
    }
    const moderationJobId = (await item.getAttribute('data-moderation-job-id'))!;
    await item.click();
    await page.locator(`[data-testid="item"][data-moderation-job-id="${moderationJobId}"]`).waitFor({ state: 'visible' });
    await waitForFrame(page);
    return moderationJobId;
  });
}

/** Waits until a frame is decoded and shown (or the item says its media is gone). */
export async function waitForFrame(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="frame"]');
    const media = document.querySelector<HTMLElement>('[data-testid="media"]');
    return (media?.hidden ?? false) || (!!img?.src && img.complete && img.naturalWidth > 0 && media?.dataset.frameIndex !== undefined);
  });
}

/** The CSS filter applied to the shown frame, and whether the console says it is revealed. */
export async function mediaState(page: Page): Promise<{ filter: string; revealed: boolean }> {
  return page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="frame"]')!;
    return { filter: getComputedStyle(img).filter, revealed: document.querySelector<HTMLElement>('[data-testid="media"]')!.dataset.revealed === 'true' };
  });
}

/** Throws unless the frame is both blurred and fully greyscale. */
export async function assertMediaHidden(page: Page): Promise<void> {
  const { filter, revealed } = await mediaState(page);
  if (revealed || !/blur\(\s*[1-9]/.test(filter) || !/grayscale\(\s*1\b/.test(filter)) {
    throw new Error(`media should be blurred and greyscale until revealed; computed filter "${filter}", revealed ${revealed}`);
  }
}

export async function assertMediaRevealed(page: Page): Promise<void> {
  const { filter, revealed } = await mediaState(page);
  if (!revealed || filter !== 'none') throw new Error(`media should be shown as it is once revealed; computed filter "${filter}", revealed ${revealed}`);
}

/** Moves focus off any field, so the next key goes to the page's shortcuts. */
async function focusPage(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
}

/** Reveals (or hides again) the media with the `v` shortcut, or by clicking the frame. */
export async function reveal(page: Page, how: 'key' | 'click' = 'key', show = true): Promise<void> {
  await step(page, show ? 'reveal the media' : 'hide the media', async () => {
    if (how === 'click') await page.getByTestId('frame').click();
    else {
      await focusPage(page);
      await page.keyboard.press('v');
    }
    await page.locator(`[data-testid="media"][data-revealed="${show}"]`).waitFor({ state: 'attached' });
  });
}

/**
 * Decides the open item with the keyboard only, as a reviewer would: the shortcut with an empty reason
 * claims the item (unless the reviewer holds it) and moves focus to the reason field; type the reason;
 * Esc leaves the field; the shortcut again submits. Returns the confirmation the console shows.
 */
export async function decideByKeyboard(page: Page, decision: 'approve' | 'reject', reason: string): Promise<string> {
  const key = decision === 'approve' ? 'a' : 'r';
  return step(page, `${decision} by keyboard`, async () => {
    await focusPage(page);
    await page.keyboard.press(key);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'reason');
    await page.keyboard.type(reason);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') !== 'reason');
    await page.keyboard.press(key);
    const result = page.locator(`[data-testid="decision-result"][data-decision="${decision}"]`);
    await result.waitFor({ state: 'visible' });
    return (await result.textContent())?.trim() ?? '';
  });
}

export async function screenshot(page: Page, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** The repository's docs/ folder, where the console's pictures live. */
export const DOCS_DIR = fileURLToPath(new URL('../../docs/', import.meta.url));

/**
 * The docs' picture `docs/<name>.png`, taken only when asked (SCREENSHOTS=1, e.g. `make screenshots`), so
 * that a test run never writes into the repository otherwise. Returns the file written, or null.
 */
export async function docsScreenshot(page: Page, name: string): Promise<string | null> {
  if (process.env.SCREENSHOTS !== '1') return null;
  const file = path.join(DOCS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Closes one console (a page from openConsole), or every open one. */
export async function closeConsole(page?: Page): Promise<void> {
  const pages = page ? [page] : [...open.keys()];
  for (const p of pages) {
    const c = open.get(p);
    if (!c) continue;
    open.delete(p);
    await c.context.close().catch(() => undefined);
    fs.rmSync(c.userDataDir, { recursive: true, force: true });
  }
}
