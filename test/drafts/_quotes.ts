/** Shared by the quote tests (quotes, quote-problems, quote-settings): drafts and what a quote answers. */
import { BASE } from './_support.js';

export const withDraft = (over: Record<string, unknown>) => ({ ...BASE, ...over });
export const MARGHERITA = { product_id: 'margherita', options: [{ option_id: 'size-26' }] };
export const problems = (res: { body: any }) => res.body.problems.map((p: any) => [p.code, p.param]);
