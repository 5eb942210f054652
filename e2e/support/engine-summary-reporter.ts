// Closes every run with one line per engine (Playwright project): tests passed / failed / skipped and the wall
// time from its first test's start to its last test's end, so a CI log shows what each engine costs.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

type Tally = { passed: number; failed: number; skipped: number; start: number; end: number };

export default class EngineSummaryReporter implements Reporter {
  private readonly engines = new Map<string, Tally>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const engine = test.parent.project()?.name ?? 'unknown';
    const tally = this.engines.get(engine) ?? { passed: 0, failed: 0, skipped: 0, start: Infinity, end: 0 };
    const started = result.startTime.getTime();
    tally.start = Math.min(tally.start, started);
    tally.end = Math.max(tally.end, started + result.duration);
    // Retries are 0, so a test that is not "expected" failed (flaky counts as failed too).
    if (result.status === 'skipped') tally.skipped += 1;
    else if (test.outcome() === 'expected') tally.passed += 1;
    else tally.failed += 1;
    this.engines.set(engine, tally);
  }

  onEnd(result: FullResult): void {
    for (const [engine, t] of this.engines) {
      const seconds = ((t.end - t.start) / 1000).toFixed(1);
      console.log(`engine ${engine}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${seconds} s`);
    }
    console.log(`e2e: ${result.status} in ${(result.duration / 1000).toFixed(1)} s`);
  }
}
