/**
 * Below this `metadata.coverage` the app, the CLI and the agent tools call an answer a weak match.
 * Lower than the 0.5 under which an answer counts as doubtful, so that the flag is rarely wrong when
 * it shows: chosen on the quality sets' tuning halves as the highest that flags at most 1 in 20
 * answered answerable questions on every set (docs/figures.md).
 */
export const WEAK_MATCH_COVERAGE = 0.15;

export const isWeakMatch = (coverage: number | undefined): coverage is number => coverage !== undefined && coverage < WEAK_MATCH_COVERAGE;
