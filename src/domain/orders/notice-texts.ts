/**
 * What the customer is told when their order's status changes, in their language. Only the changes a
 * customer acts on or waits for get a message; the steps in between (in_preparation, awaiting_shipment,
 * completed) would be noise on their phone. docs/orders.md lists the choice.
 */
import type { OrderStatus } from './status.js';

export const NOTICE_STATUSES = [
  'accepted',
  'rejected',
  'awaiting_collection',
  'in_delivery',
  'cancelled',
  'delivery_failed',
] as const satisfies readonly OrderStatus[];
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** `{id}` is the order's short id. */
type Phrases = Record<NoticeStatus, string> & {
  /** Appended to a rejection, cancellation or failed delivery that has a reason. */
  reason: string;
  /** Appended to a rejection by the acceptance timeout when the location gave no reason. */
  timeout: string;
};

const PHRASES = {
  en: {
    accepted: 'Your order #{id} has been accepted.',
    rejected: 'Sorry, your order #{id} was declined.',
    awaiting_collection: 'Your order #{id} is ready for pickup.',
    in_delivery: 'Your order #{id} is on its way.',
    cancelled: 'Your order #{id} has been cancelled.',
    delivery_failed: 'Unfortunately your order #{id} could not be delivered. Please contact the restaurant.',
    reason: 'Reason: {reason}',
    timeout: 'The restaurant could not confirm it in time.',
  },
  de: {
    accepted: 'Ihre Bestellung #{id} wurde angenommen.',
    rejected: 'Leider wurde Ihre Bestellung #{id} abgelehnt.',
    awaiting_collection: 'Ihre Bestellung #{id} ist abholbereit.',
    in_delivery: 'Ihre Bestellung #{id} ist unterwegs.',
    cancelled: 'Ihre Bestellung #{id} wurde storniert.',
    delivery_failed:
      'Leider konnte Ihre Bestellung #{id} nicht zugestellt werden. Bitte wenden Sie sich an das Restaurant.',
    reason: 'Grund: {reason}',
    timeout: 'Das Restaurant konnte sie nicht rechtzeitig bestätigen.',
  },
  fr: {
    accepted: 'Votre commande #{id} a été acceptée.',
    rejected: 'Désolé, votre commande #{id} a été refusée.',
    awaiting_collection: 'Votre commande #{id} est prête à être retirée.',
    in_delivery: 'Votre commande #{id} est en route.',
    cancelled: 'Votre commande #{id} a été annulée.',
    delivery_failed: "Malheureusement, votre commande #{id} n'a pas pu être livrée. Veuillez contacter le restaurant.",
    reason: 'Motif : {reason}',
    timeout: "Le restaurant n'a pas pu la confirmer à temps.",
  },
  it: {
    accepted: 'Il tuo ordine #{id} è stato accettato.',
    rejected: 'Ci dispiace, il tuo ordine #{id} è stato rifiutato.',
    awaiting_collection: 'Il tuo ordine #{id} è pronto per il ritiro.',
    in_delivery: 'Il tuo ordine #{id} è in consegna.',
    cancelled: 'Il tuo ordine #{id} è stato annullato.',
    delivery_failed: 'Purtroppo non è stato possibile consegnare il tuo ordine #{id}. Contatta il ristorante.',
    reason: 'Motivo: {reason}',
    timeout: 'Il ristorante non ha potuto confermarlo in tempo.',
  },
  es: {
    accepted: 'Tu pedido #{id} ha sido aceptado.',
    rejected: 'Lo sentimos, tu pedido #{id} ha sido rechazado.',
    awaiting_collection: 'Tu pedido #{id} está listo para recoger.',
    in_delivery: 'Tu pedido #{id} está en camino.',
    cancelled: 'Tu pedido #{id} ha sido cancelado.',
    delivery_failed: 'Lamentablemente no se pudo entregar tu pedido #{id}. Ponte en contacto con el restaurante.',
    reason: 'Motivo: {reason}',
    timeout: 'El restaurante no pudo confirmarlo a tiempo.',
  },
  pt: {
    accepted: 'Seu pedido #{id} foi aceito.',
    rejected: 'Lamentamos, seu pedido #{id} foi recusado.',
    awaiting_collection: 'Seu pedido #{id} está pronto para retirada.',
    in_delivery: 'Seu pedido #{id} está a caminho.',
    cancelled: 'Seu pedido #{id} foi cancelado.',
    delivery_failed: 'Infelizmente não foi possível entregar seu pedido #{id}. Entre em contato com o restaurante.',
    reason: 'Motivo: {reason}',
    timeout: 'O restaurante não conseguiu confirmá-lo a tempo.',
  },
  nl: {
    accepted: 'Je bestelling #{id} is geaccepteerd.',
    rejected: 'Sorry, je bestelling #{id} is geweigerd.',
    awaiting_collection: 'Je bestelling #{id} staat klaar om af te halen.',
    in_delivery: 'Je bestelling #{id} is onderweg.',
    cancelled: 'Je bestelling #{id} is geannuleerd.',
    delivery_failed: 'Helaas kon je bestelling #{id} niet worden bezorgd. Neem contact op met het restaurant.',
    reason: 'Reden: {reason}',
    timeout: 'Het restaurant kon de bestelling niet op tijd bevestigen.',
  },
} satisfies Record<string, Phrases>;

export type NoticeLanguage = keyof typeof PHRASES;
export const NOTICE_LANGUAGES = Object.keys(PHRASES) as NoticeLanguage[];

/** The first tag whose language we write (by its primary subtag: `de-AT` is German), else English. */
export function noticeLanguage(...tags: (string | null | undefined)[]): NoticeLanguage {
  for (const tag of tags) {
    const primary = tag?.split('-')[0].toLowerCase();
    if (primary && primary in PHRASES) return primary as NoticeLanguage;
  }
  return 'en';
}

export const isNoticeStatus = (status: OrderStatus): status is NoticeStatus =>
  (NOTICE_STATUSES as readonly OrderStatus[]).includes(status);

export interface NoticeInput {
  status: OrderStatus;
  shortId: string;
  language: NoticeLanguage;
  /** A reason meant for the customer (staff's, or the location's timeout_rejection_reason); null if none. */
  reason: string | null;
  /** The acceptance timeout rejected it. */
  timedOut: boolean;
}

/** The message for a status change, or null when the change is not worth one. */
export function noticeText(n: NoticeInput): string | null {
  if (!isNoticeStatus(n.status)) return null;
  const p: Phrases = PHRASES[n.language];
  const parts = [p[n.status].replace('{id}', () => n.shortId)];
  const explained = n.status === 'rejected' || n.status === 'cancelled' || n.status === 'delivery_failed';
  const reason = n.reason?.trim();
  if (explained && reason) parts.push(p.reason.replace('{reason}', () => reason));
  else if (n.status === 'rejected' && n.timedOut) parts.push(p.timeout);
  return parts.join(' ');
}
