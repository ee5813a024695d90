/**
 * What a channel says about an inbound message beyond its text (issue 22): media, shared contacts, a
 * reaction, a system notice, the message it replies to and the ad or link that started the chat. Each is
 * null when the message carries none; outbound messages carry none of them.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

const text = (description: string) => Nullable(Type.String(), { description });

const MediaRef = Type.Object({
  id: Type.String({ description: "The channel's media id (WhatsApp: fetch it from the Graph API within 30 days)" }),
  mime_type: text('Its MIME type as the channel gives it (image/jpeg, audio/ogg; codecs=opus…)'),
  sha256: text('Its SHA-256 as the channel gives it'),
  caption: text("The customer's caption (image, video, document); null if none"),
  filename: text("A document's file name; null otherwise"),
  voice: Nullable(Type.Boolean(), { description: 'audio: true for a voice message recorded in the app; else null' }),
  animated: Nullable(Type.Boolean(), { description: 'sticker: true when animated; else null' }),
});

export const MESSAGE_EXTRAS = {
  media: Nullable(MediaRef, {
    description: 'An image, audio, video, document or sticker, by the channel’s media id (never downloaded); else null',
  }),
  contacts: Nullable(
    Type.Array(
      Type.Object({
        name: text("The contact's formatted name"),
        phones: Type.Array(Type.String({ description: 'A phone number as the card gives it' }), {
          description: "The card's phone numbers, as written",
        }),
      }),
    ),
    { description: 'Contact cards the customer shared (not read: `unsupported_type` contacts); else null' },
  ),
  reaction: Nullable(
    Type.Object({
      channel_message_id: Type.String({ description: "The channel's id of the message reacted to" }),
      message_id: text('That message (`msg_…`) when it is one of this conversation; null otherwise'),
      emoji: text('The emoji; null when the customer removed their reaction'),
    }),
    { description: 'A reaction to a message (type reaction): shown, never delivered to the chatbot' },
  ),
  system: Nullable(
    Type.Object({
      type: text("The channel's kind of notice (WhatsApp: user_changed_number…)"),
      body: text("The notice's text as the channel gives it"),
      new_wa_id: text("user_changed_number: the customer's new WhatsApp id (digits)"),
    }),
    { description: 'A notice by the channel about the customer (type system): shown, never delivered' },
  ),
  context: Nullable(
    Type.Object({
      channel_message_id: text("The channel's id of the message replied to (or the product asked about)"),
      message_id: text('That message (`msg_…`) when it is one of this conversation; null otherwise'),
      from: text('Who sent that message, as the channel says (WhatsApp: our number, or a wa_id)'),
      forwarded: Type.Boolean({ description: 'The customer forwarded this message' }),
      frequently_forwarded: Type.Boolean({ description: 'Forwarded more than five times along the way' }),
    }),
    { description: 'What this message answers or quotes; null when nothing' },
  ),
  referral: Nullable(
    Type.Object({
      source_type: text('ad or post'),
      source_id: text("The ad's or post's id"),
      source_url: text('The URL the customer came from'),
      headline: text("The ad's headline"),
      body: text("The ad's text"),
      media_type: text('image or video'),
      image_url: text("The ad's image"),
      video_url: text("The ad's video"),
      thumbnail_url: text("The video's thumbnail"),
      ctwa_clid: text("Meta's click id of a click-to-WhatsApp ad"),
    }),
    { description: 'The ad or post that started the chat (WhatsApp click-to-WhatsApp); null otherwise' },
  ),
  channel_errors: text(
    "What the channel said it could not deliver to us (WhatsApp's errors of an unsupported message, code and title)",
  ),
};

/** A message without any of them (the examples' and outbound messages' values). */
export const NO_MESSAGE_EXTRAS = {
  media: null,
  contacts: null,
  reaction: null,
  system: null,
  context: null,
  referral: null,
  channel_errors: null,
};
