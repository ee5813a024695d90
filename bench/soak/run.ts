/** What one soak run was and what it saw: the report's input (./report.ts, ./report-tables.ts). */
import type { Attempt } from './client.js';
import type { Node } from './fleet.js';
import type { Verdict } from './verify.js';
import type { Workload } from './workload.js';

export interface Fault {
  name: string;
  /** Planned start, fraction of the run. */
  at: number;
  start?: number;
  end?: number;
  detail?: string;
}

export interface Run {
  label: string;
  command: string;
  machine: string;
  minutes: number;
  rate: number;
  concurrency: number;
  loadMs: number;
  attempts: Attempt[];
  faults: Fault[];
  nodes: Node[];
  workload: Workload;
  verdict: Verdict;
}
