import type { MessageRow } from '../../domain/conversations/messages.js';

/** The Cloud API's `to`: the number's digits, as WhatsApp's own wa_id. */
const recipient = (phone: string) => phone.replace(/^\+/, '');

/** The body of `POST /{phone_number_id}/messages` for one stored outbound message, in Meta's format. */
export function graphMessageBody(to: string, m: MessageRow): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: recipient(to) };
  const text = m.text ?? '';
  const p = m.payload ?? {};
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
