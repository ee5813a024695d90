/** One customer of the second cast (../cast-more.ts), as written: turned into a script there. */
import type { Script, TargetLine } from '../customer.js';

export type Kind = 'all' | 'food' | 'change';

export interface Person extends Omit<Script, 'name' | 'mode' | 'target'> {
  n: number;
  kind: Kind;
  /** businessOrganization mode: the location ordered at. */
  at?: 'loc_mitte' | 'loc_kreuzberg';
  lines: TargetLine[];
  service: Script['target']['service'];
  payment: Script['target']['payment'];
}
