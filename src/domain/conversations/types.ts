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

export type InboundType = 'text' | 'location' | 'reply' | 'unsupported';

/** A customer message as every channel adapter hands it over, the phone already in E.164. */
export interface InboundMessage {
  from: { phone: string; name?: string | null; language?: string | null };
  /** The channel's id of the message; the same id again is the same message (not stored twice). */
  channel_message_id: string;
  type: InboundType;
  text: string | null;
  location?: SharedLocation;
  reply?: ReplyChoice;
  /** The channel's own type of a message we do not read (image, audio…). */
  unsupported_type?: string;
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
