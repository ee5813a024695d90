/** A place the customer shared. */
export interface SharedLocation {
  latitude: number;
  longitude: number;
  name?: string | null;
  address?: string | null;
}

/** The customer tapped a reply button or picked a list row of an earlier outbound message. */
export interface ReplyChoice {
  id: string;
  title: string;
  description?: string | null;
}

/**
 * reaction and system (a notice by the channel, e.g. a changed number) are stored and shown, never
 * delivered to the chatbot: nobody wrote anything to answer.
 */
export type InboundType = 'text' | 'location' | 'reply' | 'unsupported' | 'reaction' | 'system';

/** Types the chatbot hears of (a message webhook delivery); the others are only stored. */
export const DELIVERED_TYPES: ReadonlySet<InboundType> = new Set(['text', 'location', 'reply', 'unsupported']);

/**
 * What a channel says beyond the text, stored with the message (the REST message's fields of the same
 * names, src/contracts/rest/message-extras.ts): media, contacts, reaction, system, context, referral,
 * channel_errors.
 */
export type MessageExtras = Record<string, unknown>;

/**
 * A customer message as every channel adapter hands it over, the phone already in E.164. A WhatsApp
 * business-scoped user may come without a phone, with their whatsapp_user_id instead.
 */
export interface InboundMessage {
  from: { phone: string | null; whatsapp_user_id?: string | null; name?: string | null; language?: string | null };
  /** The channel's id of the message; the same id again is the same message (not stored twice). */
  channel_message_id: string;
  type: InboundType;
  text: string | null;
  location?: SharedLocation;
  reply?: ReplyChoice;
  /** The channel's own type of a message we do not read (image, audio…). */
  unsupported_type?: string;
  /** Stored in the message's payload as they are; context and reaction get our message id added. */
  extras?: MessageExtras;
  /** When the channel says the customer sent it. */
  sent_at?: Date;
}

export interface ReplyButton {
  id: string;
  title: string;
}

export interface ReplyList {
  button: string;
  sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[];
}

/** A message to the customer: text, with at most one of reply buttons or a list to choose from. */
export interface Reply {
  text: string;
  buttons?: ReplyButton[];
  list?: ReplyList;
}
