// WCAG 2.1 A/AA audit of what the page shows right now, with axe-core through @axe-core/playwright.
// One call per screen or state (an open dialog, an open menu): the whole document is audited, so a
// dialog is checked together with the page behind it, as a person meets them.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * axe's rules for WCAG 2.1 A/AA success criteria that it still marks experimental, and so leaves out
 * of a run by tags unless named: among them label-content-name-mismatch (2.5.3, a name that does not
 * contain the visible label) and p-as-heading (1.3.1).
 */
export const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch', 'p-as-heading', 'css-orientation-lock', 'table-fake-caption', 'td-has-header'] as const;

/** One entry per element in violation: rule id, impact, the element's selector and markup, and axe's summary of what fails. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((n) => {
        const summary = (n.failureSummary ?? v.help).replace(/\s*\n\s*/g, ' ');
        const html = n.html.length > 160 ? `${n.html.slice(0, 157)}...` : n.html;
        return `- ${v.id} (${v.impact ?? 'unknown'}) ${n.target.join(' ')}\n    ${html}\n    ${summary}\n    ${v.helpUrl}`;
      }),
    )
    .join('\n');
}

/**
 * Runs axe over the current page with the WCAG 2.1 A and AA rules and fails with every element in
 * violation listed when there is any. A soft assertion: the test goes on to its next screen, so one
 * run reports every screen in violation, and the test still fails at its end. `state` names the
 * screen in the failure message and in the test's "axe" annotations (what the suite audited).
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // let entry animations (toasts, dialogs fading in) settle: axe reads computed colours, and a
  // half-transparent element mid-fade is reported as low contrast (finite ones only: a spinner
  // never finishes)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])) })
    .withTags([...WCAG_21_AA_TAGS])
    .analyze();
  test.info().annotations.push({ type: 'axe', description: state });
  expect.soft(results.violations, `WCAG 2.1 AA violations on ${state}:\n${describeViolations(results.violations)}`).toEqual([]);
}
