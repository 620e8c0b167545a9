import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, type Locator, type Page } from '@playwright/test';
import type { NodeResult, Result } from 'axe-core';

/**
 * Every screen a test shows is checked with axe (decision 036): WCAG 2.0 and 2.1, levels A and AA. A test fails at
 * its end when any screen had a serious or critical violation; moderate and minor ones are allowed.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * A screen is settled once the DOM has been quiet this long, no request of the page's own is on its way, no
 * indeterminate progress bar shows and no transition runs.
 */
const QUIET_MS = 400;
/** …or, on a screen that never stops changing (a spinner that stays, a ticking countdown), after this long. */
const LONGEST_WAIT_MS = 3_000;

const SETTLED_BINDING = '__axeScreenSettled';

/**
 * Runs in the main frame of every page: reports each settled screen — the URL path and query, plus the names of
 * the dialogs open on it — once each time it changes, so client-side navigations and dialogs are seen too.
 */
function reportSettledScreens(options: { binding: string; quietMs: number; longestWaitMs: number }) {
  if (window.top !== window || !location.protocol.startsWith('http')) return;
  const scope = window as unknown as Record<string, unknown>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changingSince = 0;
  let lastReported = '';
  const waiting: ((screen: string) => void)[] = [];
  /** Requests the page has made and not yet had answered: a screen waiting for its data is not settled. */
  let requestsOnTheirWay = 0;
  /** Counts every change to the DOM, so a check can tell the screen changed while axe read it. */
  let changes = 0;
  const fetchOf = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    requestsOnTheirWay++;
    return fetchOf(...args).finally(() => {
      requestsOnTheirWay--;
      changed();
    });
  };

  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  /** Loading (a request is on its way or an indeterminate progress bar shows) or moving (a transition, such as a dialog or menu fading in, runs). */
  const busy = () =>
    requestsOnTheirWay > 0 ||
    Array.from(document.querySelectorAll('[role="progressbar"]:not([aria-valuenow])')).some(shown) ||
    document
      .getAnimations()
      .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
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
    changes++;
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
  scope.__axeChanges = () => changes;
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
export class AccessibilityAudit {
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
      for (const page of context.pages()) await this.beforeLeaving(page);
      return close(options);
    };
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
    await Promise.all([
      context.exposeBinding(SETTLED_BINDING, ({ page }, screen: string) => this.screenSettled(page, screen)),
      context.addInitScript(reportSettledScreens, { binding: SETTLED_BINDING, quietMs: QUIET_MS, longestWaitMs: LONGEST_WAIT_MS }),
    ]);
  }

  private watchPage(page: Page) {
    checkBeforeLocatorActions(page);
    const close = page.close.bind(page);
    page.close = async (options) => {
      await this.beforeLeaving(page);
      return close(options);
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      await this.beforeLeaving(page);
      return goto(url, options);
    };
  }

  /**
   * Before the test may leave a screen (goto, close, a click or a key press): a screen not checked yet is checked
   * first, once it settles, so one the test leaves at once (a search straight to a result) is not missed.
   */
  async beforeLeaving(page: Page) {
    if (this.finished || page.isClosed() || !this.contexts.has(page.context())) return;
    const current = await page.evaluate(() => (window as unknown as { __axeScreen?: () => string }).__axeScreen?.()).catch(() => undefined);
    if (current === undefined) return; // not a portal page (about:blank), or on its way to one
    if (this.checked.get(page.context())?.has(current)) await this.queues.get(page);
    else await this.checkNow(page);
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
      const results = await this.analyseUnchanged(page);
      for (const violation of results.violations) this.record(screen, violation);
      this.checkedScreens.push({ screen, ms: Date.now() - started });
    } catch (error) {
      checked.delete(screen);
      if (!page.isClosed() && !isGone(error)) this.errors.push(`${screen}: ${error instanceof Error ? error.message : error}`);
    }
  }

  /**
   * axe reads the page in several steps; an answer arriving in between (a button enabled after a colour was read
   * as disabled) would report a page that never existed. Such a reading is thrown away and taken again.
   */
  private async analyseUnchanged(page: Page) {
    const changes = () => page.evaluate(() => (window as unknown as { __axeChanges: () => number }).__axeChanges());
    for (let attempt = 1; ; attempt++) {
      // A transition that began after the screen settled (a button turning enabled fades its colour in 250 ms) is
      // let finish, so its colours are not read half-way.
      await page
        .waitForFunction(
          () =>
            !document
              .getAnimations()
              .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY),
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => undefined);
      const before = await changes();
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
      if ((await changes()) === before || attempt === 3) return results;
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
  async checkNow(page: Page) {
    if (page.isClosed()) return;
    const settled = page
      .evaluate(() => (window as unknown as { __axeSettledScreen?: () => Promise<string> }).__axeSettledScreen?.())
      .catch(() => undefined);
    const screen = await Promise.race([settled, new Promise<undefined>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS * 2))]);
    if (screen) this.screenSettled(page, screen);
    await this.queues.get(page);
  }

  /** Checks what every open page shows at the end of the test and stops watching. */
  async finish() {
    for (const context of this.contexts) for (const page of context.pages()) await this.beforeLeaving(page);
    this.finished = true;
  }

  /** The report so far, forgetting it (for a test of the audit itself, which must not fail on its probe). */
  takeReport(): string | undefined {
    const report = this.report();
    this.findings.clear();
    this.errors.length = 0;
    return report;
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

/** The audit of the running test (one test at a time per worker), for the Locator actions patched below. */
let activeAudit: AccessibilityAudit | undefined;
const AUDIT_FILE = new URL(import.meta.url).pathname;
let locatorActionsPatched = false;

/** Runs a Locator action after the audit's check, with this file's frames taken out of a failure's stack. */
async function afterCheck<T>(locator: Locator, action: () => Promise<T>): Promise<T> {
  await activeAudit?.beforeLeaving(locator.page());
  try {
    return await action();
  } catch (error) {
    if (error instanceof Error && error.stack) {
      error.stack = error.stack
        .split('\n')
        .filter((line) => !line.includes(AUDIT_FILE))
        .join('\n');
    }
    throw error;
  }
}

/**
 * Locator's click, double click, tap and key press check the screen first (`beforeLeaving`): they are how a test
 * leaves a screen by the page's own links and buttons. Patched once per worker: the original actions move one
 * prototype up and the audited ones call them as `super.click(…)`, so Playwright, which names a step by the call
 * it sees, still reports 'locator.click', and a failure points at the spec's line.
 */
function checkBeforeLocatorActions(page: Page) {
  if (locatorActionsPatched) return;
  locatorActionsPatched = true;
  const prototype = Object.getPrototypeOf(page.locator('html')) as Locator;
  const originals = Object.create(Object.getPrototypeOf(prototype)) as Locator;
  for (const name of ['click', 'dblclick', 'tap', 'press'] as const) Object.assign(originals, { [name]: prototype[name] });
  Object.setPrototypeOf(prototype, originals);
  const audited = {
    click(this: Locator, ...args: Parameters<Locator['click']>) {
      return afterCheck(this, () => super.click(...args));
    },
    dblclick(this: Locator, ...args: Parameters<Locator['dblclick']>) {
      return afterCheck(this, () => super.dblclick(...args));
    },
    tap(this: Locator, ...args: Parameters<Locator['tap']>) {
      return afterCheck(this, () => super.tap(...args));
    },
    press(this: Locator, ...args: Parameters<Locator['press']>) {
      return afterCheck(this, () => super.press(...args));
    },
  };
  Object.setPrototypeOf(audited, originals);
  Object.assign(prototype, audited);
}

/**
 * Playwright's `test` with the accessibility audit on: every spec imports `test` (and `expect`) from ./support. The
 * audit watches the test's own context and every context the test opens (`browser.newContext()`, `ownBrowser`).
 */
export const test = base.extend<{ accessibilityAudit: AccessibilityAudit }>({
  accessibilityAudit: [
    async ({ browser, context }, use, testInfo) => {
      const audit = new AccessibilityAudit();
      activeAudit = audit;
      const opening: Promise<void>[] = [];
      const watchNew = (created: BrowserContext) => opening.push(audit.watch(created));
      await audit.watch(context);
      browser.on('context', watchNew);
      try {
        await use(audit);
        await Promise.all(opening);
        await audit.finish();
      } finally {
        browser.off('context', watchNew);
        activeAudit = undefined;
      }
      await testInfo.attach('accessibility audit', {
        body: JSON.stringify(audit.checkedScreens, null, 2),
        contentType: 'application/json',
      });
      if (process.env.AXE_VERBOSE) for (const { screen, ms } of audit.checkedScreens) console.log(`axe ${ms}ms ${screen}`);
      const report = audit.report();
      if (report) {
        const failure = new Error(report);
        failure.stack = `Error: ${report}`; // the list is the message; this file's line would only be noise
        throw failure;
      }
    },
    { auto: true, timeout: 60_000, box: true, title: 'accessibility audit (axe)' },
  ],
});
