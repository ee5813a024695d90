import type { MessageRow } from '../../domain/conversations/messages.js';
import type { TemplateMessage } from '../../domain/conversations/notice-templates.js';
import { SendFailure } from '../types.js';

/**
 * Whom the message goes to: `to`, the number's digits as WhatsApp's own wa_id; without a phone,
 * `recipient`, the business-scoped user id Meta gives a customer who writes under a username (Meta: "to"
 * wins when both are given, and it prefers phone numbers, so the phone is used whenever it is known).
 */
function addressee(to: string | null, userId: string | null | undefined): Record<string, string> {
  if (to) return { to: to.replace(/^\+/, '') };
  if (userId) return { recipient: userId };
  throw new SendFailure('the customer has neither a phone number nor a WhatsApp user id', false);
}

/** The body of `POST /{phone_number_id}/messages` for one stored outbound message, in Meta's format. */
export function graphMessageBody(to: string | null, m: MessageRow, userId?: string | null): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', ...addressee(to, userId) };
  const text = m.text ?? '';
  const p = m.payload ?? {};
  if (p.template) {
    // Meta's template message: the approved template by name and language, its body's {{1}}, {{2}}… filled
    // in order (docs/conversations.md "The 24-hour window and templates").
    const t = p.template as TemplateMessage;
    const components =
      t.parameters.length > 0
        ? [{ type: 'body', parameters: t.parameters.map((value) => ({ type: 'text', text: value })) }]
        : [];
    return {
      ...base,
      type: 'template',
      template: { name: t.name, language: { code: t.language }, ...(components.length > 0 ? { components } : {}) },
    };
  }
  if (p.buttons) {
    const buttons = p.buttons as { id: string; title: string }[];
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text },
        action: { buttons: buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
      },
    };
  }
  if (p.list) {
    return { ...base, type: 'interactive', interactive: { type: 'list', body: { text }, action: p.list } };
  }
  return { ...base, type: 'text', text: { preview_url: false, body: text } };
}
