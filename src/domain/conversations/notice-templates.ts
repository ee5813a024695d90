/**
 * WhatsApp's 24-hour customer-service window and the template messages that carry order notices outside
 * it (issue 22, docs/conversations.md "The 24-hour window and templates"). Meta lets a business write
 * free text only within 24 hours of the customer's last message; after that only an approved template
 * goes through (else error 131047). A channel account names, per notice, the template Meta approved for
 * it and which of the notice's values fill the template's body parameters {{1}}, {{2}}… in order.
 */
import { NOTICE_STATUSES, type NoticeStatus } from '../orders/notice-texts.js';

/** Meta's customer-service window: free-form messages within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * The window is taken as closed this much before its end: a notice sent in its last minute could reach
 * Meta after it closed (a slow answer, a retry, clocks a little apart) and be refused with 131047.
 */
export const SERVICE_WINDOW_MARGIN_MS = 60 * 1000;

/** The values a notice offers a template, by name (docs/conversations.md lists them). */
export const TEMPLATE_PARAMETERS = ['order_number', 'customer_name', 'location_name', 'reason', 'notice_text'] as const;
export type TemplateParameter = (typeof TEMPLATE_PARAMETERS)[number];
export type TemplateValues = Record<TemplateParameter, string>;

/** The notices a template may be configured for: the order statuses the customer is told about. */
export const TEMPLATE_NOTICES = NOTICE_STATUSES;

export interface NoticeTemplate {
  /** The template's name as approved in WhatsApp Manager. */
  name: string;
  /** Its language (Meta's code: `de`, `en_US`…): a template is approved per language. */
  language: string;
  /** The values for its body parameters {{1}}, {{2}}…, in order. */
  parameters: TemplateParameter[];
}
export type NoticeTemplates = Partial<Record<NoticeStatus, NoticeTemplate>>;

/** What an order notice's message carries (`payload.notice`), so the sender can turn it into a template. */
export interface NoticePayload {
  order_status: NoticeStatus;
  values: TemplateValues;
}

/** The template message as stored on the message (`payload.template`) and sent to Graph. */
export interface TemplateMessage {
  name: string;
  language: string;
  parameters: string[];
}

/** Meta refuses a parameter holding a newline, a tab or more than four spaces in a row, or an empty one. */
function parameterText(value: string): string {
  const text = value.replace(/\s+/g, ' ').trim().slice(0, 1000);
  return text.length > 0 ? text : '-';
}

export function templateMessage(t: NoticeTemplate, values: TemplateValues): TemplateMessage {
  return { name: t.name, language: t.language, parameters: t.parameters.map((p) => parameterText(values[p])) };
}

/** The template a channel account configured for a notice, or null. */
export function templateFor(settings: { templates?: NoticeTemplates }, status: NoticeStatus): NoticeTemplate | null {
  return settings.templates?.[status] ?? null;
}

/** A PATCH's templates over the stored ones: a notice given replaces its template, null removes it. */
export function mergeTemplates(
  current: NoticeTemplates | undefined,
  patch: Partial<Record<NoticeStatus, NoticeTemplate | null>>,
): NoticeTemplates {
  const merged: NoticeTemplates = { ...current };
  for (const status of TEMPLATE_NOTICES) {
    const next = patch[status];
    if (next === null) delete merged[status];
    else if (next !== undefined) merged[status] = next;
  }
  return merged;
}

/** When the window closes (null: the customer never wrote, so it was never open). */
export const windowEndsAt = (lastInboundAt: Date | null): Date | null =>
  lastInboundAt ? new Date(lastInboundAt.getTime() + SERVICE_WINDOW_MS) : null;
