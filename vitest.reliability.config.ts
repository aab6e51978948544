import { defineConfig } from 'vitest/config';

// The reliability suite (npm run test:reliability): real server processes, kills, load and fuzzing.
// Kept out of `npm test`; one file at a time so the figures are not skewed by each other.
export default defineConfig({
  test: {
    include: ['test/reliability/**/*.reliability.ts'],
    globalSetup: ['test/reliability/global-setup.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
