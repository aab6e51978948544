/** What the figures were measured on: they mean little without it. */
import { cpus, totalmem } from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cpuCount: number;
  totalMemoryGb: number;
  node: string;
  platform: string;
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpuCount: list.length,
    totalMemoryGb: totalmem() / 1024 ** 3,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export interface MemorySnapshot {
  /** Peak resident set of the whole process so far (the OS reports it in kB). */
  maxRssMb: number;
  rssMb: number;
  heapUsedMb: number;
}

export function memorySnapshot(): MemorySnapshot {
  const usage = process.memoryUsage();
  return { maxRssMb: process.resourceUsage().maxRSS / 1024, rssMb: usage.rss / 1024 ** 2, heapUsedMb: usage.heapUsed / 1024 ** 2 };
}
