/**
 * The integrator events (docs/events.md): their types as data, and an event as the API and every delivery
 * show it. The contracts take these constants; the domain never imports a wire schema.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.payment_status_changed',
  'menu.replaced',
  'menu.availability_changed',
  'location.settings_updated',
  'location.updated',
  'message.received',
  'message.sent',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Events that carry what customers wrote: listed only to keys that may read conversations, and sent only
 * to endpoints that name them (not to `*`), created by such a key.
 */
export const isMessageEvent = (type: string) => type.startsWith('message.');
export const MESSAGE_EVENTS_PERMISSION = 'conversations.read';

/** An endpoint subscribed to '*' receives every type, those added later included. */
export const ALL_EVENTS = '*';

/** Events are kept this long, then pruned (GET /v1/events covers catching up after a downtime of weeks). */
export const EVENT_RETENTION_DAYS = 30;

/** After a rotation the previous secret keeps signing beside the new one this long. */
export const PREVIOUS_SECRET_HOURS = 24;

export interface EventRow {
  id: string;
  type: EventType;
  organization_id: string | null;
  location_id: string | null;
  data: Record<string, unknown> & { object: unknown };
  previous_attributes: Record<string, unknown> | null;
  created_at: Date;
}

export function toEvent(r: EventRow) {
  return {
    id: r.id,
    object: 'event' as const,
    type: r.type,
    created_at: new Date(r.created_at).toISOString(),
    organization_id: r.organization_id,
    location_id: r.location_id,
    data: r.data,
    previous_attributes: r.previous_attributes,
  };
}
export type ApiEvent = ReturnType<typeof toEvent>;
