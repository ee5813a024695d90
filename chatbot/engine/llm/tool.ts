import type { Turn } from '../turn.js';

/** An operation the model may call: a name, a JSON schema for its arguments, and what it does. */
export interface Tool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  run(turn: Turn, args: any): unknown;
}
