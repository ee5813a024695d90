/**
 * NOTIFY channel names: the writers of a queue's rows (in the domain and the transports) and the workers
 * that listen sit in different layers, so the name lives below both.
 */

/** Wakes the message webhook's delivery workers of every process. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

/** Wakes the job runners of every process: a job was scheduled (its run_at in the payload). */
export const JOBS_CHANNEL = 'jobs';

/** Wakes the integrator event delivery workers of every process (src/webhooks/events/). */
export const EVENTS_CHANNEL = 'event_deliveries';

/** An event was recorded (its location's id in the payload, empty for none): wakes the console's live views. */
export const EVENTS_RECORDED_CHANNEL = 'events_recorded';

/** Wakes the sender of channel messages (src/channels/outbound.ts): a reply was stored in its conversation. */
export const OUTBOUND_CHANNEL = 'outbound_messages';
