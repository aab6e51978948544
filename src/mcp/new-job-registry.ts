import { JobRegistry } from './job-registry';
import { jobError } from './tool-server';
import type { ToolResult } from './tool-result';

/** Job ids an agent cannot guess: 128 random bits. */
function newJobId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `mcpjob_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The registry both transports use. */
export function newJobRegistry(): JobRegistry<ToolResult> {
  return new JobRegistry<ToolResult>({ newId: newJobId, toError: jobError });
}
