// Polling for a state another process reaches in its own time (a server noticing Redis gone, a
// replica's health turning), with the time it took, for the figures a test reports.

/** Resolves with the ms it took for check to hold; throws naming `what` after ms. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Math.round(performance.now() - start);
}
