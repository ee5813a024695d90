/**
 * WhatsApp notifications and test-channel messages, each built with the answer docs/conversations.md
 * promises for it: which fields a `400` may name, or what a `200`/`201` stores. Built in ./cases/: what a
 * case expects, a WhatsApp notification and the messages and statuses in it, a test-channel message.
 */
export type { Expectation, StoredMessage } from './cases/expectation.js';
export { type InboundCase, inboundCase } from './cases/test-channel.js';
export type { NotificationCase, WhatsAppTarget } from './cases/whatsapp-message.js';
export { notificationCase } from './cases/whatsapp-notification.js';
