/**
 * `MessageWebhookBody`: the whole body the server POSTs to `{CHATBOT_URL}/message`, every nested field
 * described. It is the schema of the OpenAPI document's `webhooks.message` and the one tests validate
 * real bodies against. Embedded resources are the REST schemas renamed to camelCase (./camel.ts); a
 * field the REST schema leaves undescribed gets its description from ./glossary.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { PROBLEM_CODES } from '../../domain/drafts/problems.js';
import { StringEnum } from '../rest/common.js';
import { camelSchema } from './camel.js';
import { describeFields } from './glossary.js';
import { ACTION_PROBLEM_CODES, WEBHOOK_EVENTS } from './terms.js';

/** A draft problem, or one an action met (placing with no location, cancelling what cannot be). */
const EventProblem = {
  ...BodyProblem,
  properties: {
    ...BodyProblem.properties,
    code: StringEnum([...PROBLEM_CODES, ...ACTION_PROBLEM_CODES], { description: 'What to act on' }),
  },
};

import { LocationContext, LocationSummary, PreviousLocation } from './body-location.js';

const Place = Type.Object({
  label: Type.String({ description: '"Torstraße 1, 10119 Berlin": how the place reads to a customer' }),
  line1: Type.Union([Type.String(), Type.Null()]),
  postalCode: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()], { description: 'ISO 3166-1 alpha-2' }),
  latitude: Type.Number(),
  longitude: Type.Number(),
});
const AddressLookup = Type.Object({
  query: Type.Object(
    {
      line1: Type.Union([Type.String(), Type.Null()]),
      postalCode: Type.Union([Type.String(), Type.Null()]),
      city: Type.Union([Type.String(), Type.Null()]),
      country: Type.Union([Type.String(), Type.Null()]),
    },
    { description: "The answer's lookUpAddress" },
  ),
  status: StringEnum(['found', 'ambiguous', 'not_found', 'unavailable'] as const, {
    description:
      'found: `place`; ambiguous: `candidates` to choose from; not_found; unavailable: the geocoder failed, was slow, or the server has none',
  }),
  place: Type.Union([Place, Type.Null()], { description: 'found: the place, with its point; null otherwise' }),
  candidates: Type.Array(Place, {
    maxItems: 5,
    description: 'ambiguous: the places to choose from, best first; empty otherwise',
  }),
});

import { BodyProblem, ConversationPart, CustomerPart, LastMessage, OrderDraftPart, OrdersPart } from './body-parts.js';

const MODES = ['location', 'businessOrganization'] as const;

const Body = Type.Object(
  {
    lastMessage: LastMessage,
    conversation: ConversationPart,
    location: Type.Optional({
      ...LocationContext,
      description:
        'The location the conversation targets, with its full menu: always in location mode; in businessOrganization mode once one is chosen (answer `locationId`)',
    }),
    businessOrganization: Type.Optional(
      Type.Object(
        {
          id: Type.String({ description: 'The organization (`org_…`)' }),
          name: Type.String({ description: 'Its name' }),
          locations: Type.Array(LocationSummary, {
            description:
              'Its active locations, oldest first, each with the same data as `location` but the menu: the chosen location carries its menu in `location`',
          }),
        },
        {
          description:
            'businessOrganization mode: the organization and every active location without its menu, to find the nearest one and to switch',
        },
      ),
    ),
    customer: CustomerPart,
    orderDraft: OrderDraftPart,
    orders: OrdersPart,
    mode: StringEnum(MODES, {
      description:
        "location: one restaurant's number; businessOrganization: the organization's number, where the customer picks (or switches) a location",
    }),
    event: Type.Object(
      {
        id: Type.String({ description: 'The delivery (`whd_…`), equal to the webhook-id header; the same on retries' }),
        type: StringEnum(WEBHOOK_EVENTS, {
          description:
            'message: a customer message; order_problems: the same message again because the last answer asked to place a draft that has problems; location_chosen: the same message again because the last answer chose a location and asked for it again (action redeliver), that location now in `location` with its menu; address_looked_up: the same message again because the last answer asked for an address to be looked up (redeliver with lookUpAddress), the answer in `addressLookup`',
        }),
        attempt: Type.Integer({ minimum: 1, description: 'Delivery attempt, 1 for the first' }),
        problems: Type.Union([Type.Array(EventProblem), Type.Null()], {
          description: 'order_problems: why the draft could not be placed; null otherwise',
        }),
        addressLookup: Type.Union([AddressLookup, Type.Null()], {
          description:
            "address_looked_up: the address the last answer asked about (lookUpAddress) and the geocoder's answer; null for the other events",
        }),
        previousLocation: Type.Union([PreviousLocation, Type.Null()], {
          description:
            'location_chosen: the location left (null when there was none, or it is no longer active); null for the other events',
        }),
      },
      { description: 'Why the chatbot is called (an addition to the spec)' },
    ),
  },
  {
    description:
      'Sent for every customer message. camelCase throughout; embedded resources are the REST resources with camelCase names',
  },
);

// A fresh copy (camelSchema copies every node), so describing fields never touches the REST schemas.
export const MessageWebhookBody = describeFields(camelSchema(Body));
export type MessageWebhookBody = Static<typeof Body>;
