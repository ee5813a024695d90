import type { Answer } from '../answer.js';
import type { Payload } from '../payload-types.js';

/** One message in, one answer out. Engines keep no state: everything they know comes with the payload. */
export interface Engine {
  readonly name: string;
  answer(payload: Payload): Promise<Answer>;
}

export type Clock = () => Date;
