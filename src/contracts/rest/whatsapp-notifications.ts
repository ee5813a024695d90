/** What the server answers Meta for a WhatsApp notification it took (src/http/routes/whatsapp-webhook.ts). */
import { Type } from '@sinclair/typebox';

export const WhatsappNotificationResult = Type.Object({
  received: Type.Literal(true),
  messages_stored: Type.Integer(),
  duplicates: Type.Integer(),
  statuses: Type.Integer(),
  ignored: Type.Integer(),
  rejected: Type.Integer({
    description: 'Messages and statuses refused as malformed, each alone (logged with the field); the rest was stored',
  }),
});

export const WhatsappNotificationResultExample = {
  received: true,
  messages_stored: 1,
  duplicates: 0,
  statuses: 2,
  ignored: 0,
  rejected: 0,
};
