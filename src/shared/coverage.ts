/** Below this `metadata.coverage` an answer is doubtful: the app, the CLI and the agent tools say so. */
export const DOUBTFUL_COVERAGE = 0.5;

export const isDoubtful = (coverage: number | undefined): coverage is number => coverage !== undefined && coverage < DOUBTFUL_COVERAGE;
