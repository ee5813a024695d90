/**
 * What a case (../conversation-cases.ts) expects of its answer, judged field by field as the case is built:
 * the fields a `400` may name, and what a message stored must read back as.
 */
import type { Verdict } from '../conversation-inputs.js';

/** What one stored message must read back as. */
export interface StoredMessage {
  channelMessageId: string;
  /** `+` and the customer's digits. */
  phone: string;
  type: string;
  text: string | null;
}

export interface Expectation {
  /** Fields a `400` may name; a `400` must name one of them when `anyParam` is false. */
  bad: Set<string>;
  /** A refusal whose param the docs leave open (unknown fields, exclusive fields). */
  anyParam: boolean;
  /** Some value the docs leave open: a `400` for it is as right as taking it. */
  either: boolean;
  labels: string[];
}

export const expectation = (): Expectation => ({ bad: new Set(), anyParam: false, either: false, labels: [] });

export function judge(e: Expectation, verdict: Verdict, param: string, label: string) {
  if (verdict === 'bad') e.bad.add(param);
  if (verdict === 'either') {
    e.either = true;
    e.bad.add(param);
  }
  if (verdict !== 'ok') e.labels.push(`${param}: ${label}`);
}

export const setIf = (o: Record<string, unknown>, key: string, value: unknown) => {
  if (value !== undefined) o[key] = value;
};
