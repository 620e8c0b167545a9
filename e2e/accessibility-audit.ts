import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test';
import type { NodeResult, Result } from 'axe-core';

/**
 * Every screen a test shows is checked with axe (decision 036): WCAG 2.0 and 2.1, levels A and AA. A test fails at
 * its end when any screen had a serious or critical violation; moderate and minor ones are allowed.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** A screen is settled once the DOM has been quiet this long and no indeterminate progress bar shows. */
const QUIET_MS = 400;
/** …or, on a screen that never stops changing (a spinner that stays, a ticking countdown), after this long. */
const LONGEST_WAIT_MS = 3_000;

const SETTLED_BINDING = '__axeScreenSettled';

/**
 * Runs in the main frame of every page: reports each settled screen — the URL path and query, plus the names of
 * the dialogs open on it — once each time it changes, so client-side navigations and dialogs are seen too.
 */
function reportSettledScreens(options: { binding: string; quietMs: number; longestWaitMs: number }) {
  if (window.top !== window) return;
  const scope = window as unknown as Record<string, unknown>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changingSince = 0;
  let lastReported = '';
  const waiting: ((screen: string) => void)[] = [];

  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const busy = () => Array.from(document.querySelectorAll('[role="progressbar"]:not([aria-valuenow])')).some(shown);
  const nameOf = (dialog: Element) => {
    const label = dialog.getAttribute('aria-label');
    if (label) return label;
    const ids = (dialog.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    const text = ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
    return text || 'unnamed';
  };
  const screen = () => {
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter(shown).map(nameOf);
    return location.pathname + location.search + (dialogs.length ? ` (dialog: ${dialogs.join(' / ')})` : '');
  };
  const settle = () => {
    timer = undefined;
    if (busy() && Date.now() - changingSince < options.longestWaitMs) {
      timer = setTimeout(settle, options.quietMs);
      return;
    }
    changingSince = 0;
    const current = screen();
    for (const resolve of waiting.splice(0)) resolve(current);
    if (current === lastReported) return;
    lastReported = current;
    const report = scope[options.binding] as ((screen: string) => Promise<void>) | undefined;
    report?.(current).catch(() => undefined);
  };
  const changed = () => {
    if (!changingSince) changingSince = Date.now();
    clearTimeout(timer);
    if (Date.now() - changingSince >= options.longestWaitMs) settle();
    else timer = setTimeout(settle, options.quietMs);
  };
  /** The current screen once it has settled (what the audit checks before a page closes and at the end of a test). */
  scope.__axeSettledScreen = () =>
    new Promise<string>((resolve) => {
      if (timer === undefined && !changingSince) resolve(screen());
      else waiting.push(resolve);
    });
  /** The current screen as it is now (to tell whether a queued check still applies). */
  scope.__axeScreen = screen;
  new MutationObserver(changed).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  changed();
}

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** Selector → what axe says about that element (for colour contrast: the colours and the ratio). */
  elements: Map<string, string>;
}

const isGone = (error: unknown) =>
  /closed|Execution context was destroyed|navigat|detached|Target crashed/i.test(error instanceof Error ? error.message : String(error));

function describeNode(node: NodeResult): string {
  const checks = [...node.any, ...node.all, ...node.none];
  return checks.map((check) => check.message).find(Boolean) ?? (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
}

/** Watches every page of every browser context a test opens and checks each settled screen once per person. */
class AccessibilityAudit {
  private readonly checked = new WeakMap<BrowserContext, Set<string>>();
  private readonly queues = new WeakMap<Page, Promise<void>>();
  private readonly contexts = new Set<BrowserContext>();
  private readonly findings = new Map<string, Finding>();
  private readonly errors: string[] = [];
  /** Each screen checked, with how long axe took (the test's 'accessibility audit' attachment). */
  readonly checkedScreens: { screen: string; ms: number }[] = [];
  private finished = false;

  async watch(context: BrowserContext) {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    this.checked.set(context, new Set());
    const close = context.close.bind(context);
    context.close = async (options) => {
      await this.checkBeforeClosing(context.pages());
      return close(options);
    };
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
    await Promise.all([
      context.exposeBinding(SETTLED_BINDING, ({ page }, screen: string) => this.screenSettled(page, screen)),
      context.addInitScript(reportSettledScreens, { binding: SETTLED_BINDING, quietMs: QUIET_MS, longestWaitMs: LONGEST_WAIT_MS }),
    ]);
  }

  /** A screen the test leaves at once (a goto straight after another, a closed window) is checked before it goes. */
  private watchPage(page: Page) {
    const close = page.close.bind(page);
    page.close = async (options) => {
      await this.checkBeforeClosing([page]);
      return close(options);
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      if (page.url() !== 'about:blank') await this.checkBeforeClosing([page]);
      return goto(url, options);
    };
  }

  private screenSettled(page: Page, screen: string) {
    if (this.finished) return;
    const checked = this.checked.get(page.context());
    if (!checked || checked.has(screen)) return;
    checked.add(screen);
    const previous = this.queues.get(page) ?? Promise.resolve();
    const next = previous.then(() => this.analyse(page, screen, checked));
    this.queues.set(page, next);
  }

  private async analyse(page: Page, screen: string, checked: Set<string>) {
    try {
      // The test may have moved on while an earlier check ran; that screen reports itself when it settles.
      const current = await page.evaluate(() => (window as unknown as { __axeScreen?: () => string }).__axeScreen?.());
      if (current !== screen) {
        checked.delete(screen);
        return;
      }
      const started = Date.now();
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
      for (const violation of results.violations) this.record(screen, violation);
      this.checkedScreens.push({ screen, ms: Date.now() - started });
    } catch (error) {
      checked.delete(screen);
      if (!page.isClosed() && !isGone(error)) this.errors.push(`${screen}: ${error instanceof Error ? error.message : error}`);
    }
  }

  private record(screen: string, violation: Result) {
    const failing = violation.nodes.filter((node) => FAILING_IMPACTS.has(node.impact ?? violation.impact ?? ''));
    if (failing.length === 0) return;
    const key = `${screen}\n${violation.id}`;
    const finding = this.findings.get(key) ?? {
      screen,
      rule: violation.id,
      impact: violation.impact ?? 'serious',
      help: violation.help,
      helpUrl: violation.helpUrl,
      elements: new Map<string, string>(),
    };
    for (const node of failing) finding.elements.set(node.target.join(' '), describeNode(node));
    this.findings.set(key, finding);
  }

  /** Checks the screen a page shows now (once it settles), then waits for every check queued for it. */
  private async checkNow(page: Page) {
    if (page.isClosed()) return;
    const settled = page
      .evaluate(() => (window as unknown as { __axeSettledScreen?: () => Promise<string> }).__axeSettledScreen?.())
      .catch(() => undefined);
    const screen = await Promise.race([settled, new Promise<undefined>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS * 2))]);
    if (screen) this.screenSettled(page, screen);
    await this.queues.get(page);
  }

  private async checkBeforeClosing(pages: Page[]) {
    if (this.finished) return;
    for (const page of pages) await this.checkNow(page);
  }

  /** Checks what every open page shows at the end of the test and stops watching. */
  async finish() {
    for (const context of this.contexts) await this.checkBeforeClosing(context.pages());
    this.finished = true;
  }

  report(): string | undefined {
    if (this.findings.size === 0 && this.errors.length === 0) return undefined;
    const byScreen = new Map<string, Finding[]>();
    for (const finding of this.findings.values()) byScreen.set(finding.screen, [...(byScreen.get(finding.screen) ?? []), finding]);
    const lines = [`axe found ${this.findings.size} serious or critical accessibility violation(s) (${AXE_TAGS.join(', ')}):`];
    for (const [screen, findings] of byScreen) {
      lines.push('', `  ${screen}`);
      for (const finding of findings) {
        lines.push(`    [${finding.impact}] ${finding.rule}: ${finding.help} (${finding.helpUrl})`);
        const elements = [...finding.elements];
        for (const [target, detail] of elements.slice(0, 6)) lines.push(`      ${target}${detail ? `  — ${detail}` : ''}`);
        if (elements.length > 6) lines.push(`      … and ${elements.length - 6} more`);
      }
    }
    if (this.errors.length) lines.push('', '  axe could not check:', ...this.errors.map((error) => `    ${error}`));
    return lines.join('\n');
  }
}

async function auditEveryScreen(browser: Browser, context: BrowserContext, run: () => Promise<void>): Promise<AccessibilityAudit> {
  const audit = new AccessibilityAudit();
  const pending: Promise<void>[] = [];
  const watchNew = (created: BrowserContext) => pending.push(audit.watch(created));
  await audit.watch(context);
  browser.on('context', watchNew);
  try {
    await run();
    await Promise.all(pending);
    await audit.finish();
  } finally {
    browser.off('context', watchNew);
  }
  return audit;
}

/** Playwright's `test` with the accessibility audit on: every spec imports `test` (and `expect`) from ./support. */
export const test = base.extend<{ accessibilityAudit: undefined }>({
  accessibilityAudit: [
    async ({ browser, context }, use, testInfo) => {
      const audit = await auditEveryScreen(browser, context, () => use(undefined));
      await testInfo.attach('accessibility audit', { body: JSON.stringify(audit.checkedScreens, null, 2), contentType: 'application/json' });
      if (process.env.AXE_VERBOSE) for (const { screen, ms } of audit.checkedScreens) console.log(`axe ${ms}ms ${screen}`);
      const report = audit.report();
      if (report && process.env.AXE_ENFORCE) throw new Error(report);
      if (report && process.env.AXE_VERBOSE) console.log(report);
    },
    { auto: true, timeout: 60_000, box: true, title: 'accessibility audit (axe)' },
  ],
});
