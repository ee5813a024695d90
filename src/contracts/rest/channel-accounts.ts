/**
 * Channel accounts: the numbers customers write to (a WhatsApp Business number, or the test channel), each
 * bound to a location or to an organization.
 */
import { type TOptional, type TSchema, Type } from '@sinclair/typebox';
import { TEMPLATE_NOTICES, TEMPLATE_PARAMETERS } from '../../domain/conversations/notice-templates.js';
import { exampleList, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
import { IdFilter } from './ids.js';

const RefId = Type.String({ minLength: 1, maxLength: 64 });
const CHANNELS = ['test', 'whatsapp'] as const;
export const MODES = ['location', 'businessOrganization'] as const;

const secret = (description: string) =>
  Type.String({ minLength: 1, maxLength: 1000, pattern: '^\\S+$', description: `${description} Write-only.` });

/**
 * One notice's WhatsApp template (docs/conversations.md "The 24-hour window and templates"): used for the
 * notice when the customer last wrote more than 24 hours ago, when Meta allows only approved templates.
 */
const NoticeTemplate = Type.Object(
  {
    name: Type.String({
      pattern: '^[a-z0-9_]{1,512}$',
      description: "The template's name as approved in WhatsApp Manager (lowercase letters, digits, `_`)",
    }),
    language: Type.String({
      pattern: '^[a-z]{2,3}(_[A-Za-z0-9]{2,4})?$',
      description: "The approved language's code, as Meta writes it: `de`, `en_US`, `pt_BR`…",
    }),
    parameters: Type.Array(StringEnum(TEMPLATE_PARAMETERS), {
      maxItems: 10,
      description:
        "The notice's values for the template's body parameters {{1}}, {{2}}…, in order: order_number (the order's short id), customer_name, location_name, reason (the reason given to the customer, `-` when none), notice_text (the whole notice as sent inside the window)",
    }),
  },
  { additionalProperties: false },
);

/** A map from notice (the order status the customer is told about) to its template; each optional. */
const templatesOf = <T extends TSchema>(schema: T, description: string) =>
  Type.Object(
    Object.fromEntries(TEMPLATE_NOTICES.map((status) => [status, Type.Optional(schema)])) as unknown as Record<
      (typeof TEMPLATE_NOTICES)[number],
      TOptional<T>
    >,
    { additionalProperties: false, description },
  );
const TEMPLATES_ABOUT =
  'Order notices sent as WhatsApp templates outside the 24-hour customer-service window, by the order status noticed: accepted, rejected, awaiting_collection (ready for pickup), in_delivery, cancelled, delivery_failed.';

const whatsappFields = {
  phone_number_id: Type.String({
    pattern: '^[0-9]{1,32}$',
    description: "The WhatsApp Business phone number's id (Meta's `phone_number_id`), not the number itself",
  }),
  display_phone_number: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  access_token: secret('Access token of a system user with the whatsapp_business_messaging permission, for sending.'),
  app_secret: secret("The Meta app's secret, which signs notifications (X-Hub-Signature-256)."),
  verify_token: secret("Any string you choose; type the same into Meta's webhook settings."),
  templates: Type.Optional(templatesOf(NoticeTemplate, TEMPLATES_ABOUT)),
};

export const ChannelAccount = Type.Object(
  {
    id: Type.String({ description: '`cha_…`' }),
    object: Type.Literal('channel_account'),
    channel: StringEnum(CHANNELS),
    name: Nullable(Type.String()),
    mode: StringEnum(MODES, { description: 'location when bound to a location, businessOrganization otherwise' }),
    organization_id: Nullable(
      Type.String({ description: "The organization, or the bound location's (null if standalone)" }),
    ),
    location_id: Nullable(Type.String()),
    whatsapp: Nullable(
      Type.Object({
        phone_number_id: Type.String(),
        display_phone_number: Nullable(Type.String()),
        access_token_last4: Nullable(Type.String()),
        has_app_secret: Type.Boolean(),
        has_verify_token: Type.Boolean(),
        webhook_path: Type.String({ description: "Meta's callback URL is this path on the server's public address" }),
        templates: templatesOf(NoticeTemplate, TEMPLATES_ABOUT),
      }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {
    $id: 'ChannelAccount',
    description: 'A messaging account (a WhatsApp number, or a test channel). Secrets never appear.',
  },
);

export const ChannelAccountCreate = Type.Object(
  {
    channel: StringEnum(CHANNELS),
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    location_id: Type.Optional(RefId),
    organization_id: Type.Optional(RefId),
    whatsapp: Type.Optional(Type.Object(whatsappFields, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const ChannelAccountUpdate = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    whatsapp: Type.Optional(
      Type.Object(
        {
          phone_number_id: Type.Optional(whatsappFields.phone_number_id),
          display_phone_number: whatsappFields.display_phone_number,
          access_token: Type.Optional(whatsappFields.access_token),
          app_secret: Type.Optional(whatsappFields.app_secret),
          verify_token: Type.Optional(whatsappFields.verify_token),
          templates: Type.Optional(
            templatesOf(
              Nullable(NoticeTemplate),
              `${TEMPLATES_ABOUT} Merged into the stored ones: a notice given replaces its template, null removes it.`,
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ChannelAccountsQuery = Type.Object(
  {
    ...PageQuery,
    channel: Type.Optional(StringEnum(CHANNELS, { description: 'Only accounts of this channel' })),
    organization_id: IdFilter('organization_id'),
    location_id: IdFilter('location_id'),
  },
  { additionalProperties: false },
);

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const ChannelAccountExample = {
  id: 'cha_01m89661cdrt9mz8m2n9e64pkv',
  object: 'channel_account',
  channel: 'test',
  name: 'Test channel, Mitte',
  mode: 'location',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  whatsapp: null,
  created_at: '2026-11-25T11:06:49.101Z',
  updated_at: '2026-11-25T11:06:49.101Z',
};
export const ChannelAccountListExample = exampleList('/admin/v1/channel_accounts', [ChannelAccountExample]);
export const ChannelAccountCreateExample = {
  channel: 'test',
  name: 'Test channel, Mitte',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
};
export const ChannelAccountUpdateExample = { name: 'Test channel (Mitte)' };
