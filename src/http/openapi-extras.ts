/**
 * What the generated OpenAPI document needs beyond what @fastify/swagger makes of the route schemas,
 * applied in one place (its `transform` and `transformObject` hooks, see openapi.ts) rather than route by
 * route. Only the document changes: the routes validate and serialize with their own schemas.
 *
 * - Schemas: the route schemas are compiled by ajv in draft-07 mode, while an OpenAPI 3.1 document speaks
 *   JSON Schema 2020-12. `documentSchema` rewrites the few draft-07 forms into their 2020-12 equivalents,
 *   accepting exactly the same values.
 * - Headers every response carries, 429 and 503 with Retry-After, Idempotency-Key and Idempotent-Replayed
 *   on the creating POSTs: declared once in components (openapi-headers.ts), referenced from every operation.
 * - Request bodies, list envelopes and inline responses named as components, each with its example
 *   (written beside its schema in src/contracts/rest/, gathered by openapi-examples.ts).
 *
 * `npm run openapi:lint` (Redocly's recommended rules) and test/http/openapi.test.ts check the result.
 */

import type { OpenAPIV3_1 } from 'openapi-types';
import { EXAMPLES } from './openapi-examples.js';
import { everyResponse, HEADERS, PARAMETERS, RESPONSES, ref, sharedComponents } from './openapi-headers.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys whose values are data, not schemas: left as they are. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);
/** Keys whose values map names to schemas. */
const NAME_KEYS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'paths',
  'webhooks',
  'responses',
  'content',
  'headers',
  'parameters',
  'requestBodies',
]);

/**
 * One schema (or a whole document) as the document shows it:
 * - a tuple, draft-07 `items: [a, b]` + `additionalItems: false`, becomes `prefixItems: [a, b]` + `items: false`;
 * - a `discriminator` over inline `oneOf` members is left out. ajv uses it to name the bad branch's field
 *   in its errors; the members are told apart by their tag's `const` anyway, so `oneOf` alone accepts the
 *   same values. OpenAPI's discriminator can only select members that are `$ref`s to named schemas, and
 *   these members stay inline: the webhook's schemas must be self-contained (tests validate real bodies
 *   with them), and most unions are request body parts (order and draft items, zones, promotions), whose
 *   fields with a default openapi-typescript would make required in the client's types once they are
 *   component schemas.
 */
export function documentSchema<T>(value: T, names = false): T {
  if (Array.isArray(value)) return value.map((v) => documentSchema(v)) as T;
  if (!isObject(value)) return value;
  const out: Json = {};
  // Under `properties` (and the like) keys are names, so `default` there is a field, not data.
  for (const [k, v] of Object.entries(value)) {
    if (names) out[k] = documentSchema(v);
    else out[k] = DATA_KEYS.has(k) ? v : documentSchema(v, NAME_KEYS.has(k));
  }
  if (names) return out as T;
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    out.items = out.additionalItems === undefined ? true : out.additionalItems;
    delete out.additionalItems;
  }
  if (isObject(out.discriminator) && Array.isArray(out.oneOf) && out.oneOf.some((m) => !isObject(m) || !m.$ref)) {
    delete out.discriminator;
  }
  return out as T;
}

/** The extension `markRoute` sets on an idempotent route's schema, read and removed by `completeDocument`. */
const IDEMPOTENT = 'x-idempotent';

/**
 * @fastify/swagger's `transform`, per route: what the route's options say that its schema does not
 * (a resource-creating POST, `config.idempotent`, takes Idempotency-Key). Only the document sees it.
 */
export function markRoute({ schema, url, route }: { schema: unknown; url: string; route: { config?: unknown } }) {
  const idempotent = (route.config as { idempotent?: boolean } | undefined)?.idempotent === true;
  return { schema: idempotent ? { ...(schema as object), [IDEMPOTENT]: true } : schema, url };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/**
 * Request bodies as named request body components, and responses that are not already a named schema as
 * named component schemas, by operationId: the route schemas stay inline (a `$id` on them would change
 * how ajv compiles them). Operations that share a body share its name; lists are named after their items
 * (`OrderList`).
 */
const REQUEST_BODIES: Record<string, string> = {
  updateKeyOrganization: 'OrganizationUpdate',
  adminUpdateOrganization: 'OrganizationUpdate',
  createOrganization: 'OrganizationCreate',
  updateKeyLocation: 'LocationUpdate',
  updateLocation: 'LocationUpdate',
  adminUpdateLocation: 'AdminLocationUpdate',
  createOrganizationLocation: 'LocationCreate',
  createStandaloneLocation: 'AdminLocationCreate',
  adminCreateOrganizationLocation: 'AdminLocationCreate',
  createSpecialClosing: 'SpecialClosingCreate',
  updateSpecialClosing: 'SpecialClosingUpdate',
  updateOrderSettings: 'OrderSettingsUpdate',
  updateDeliverySettings: 'DeliverySettingsUpdate',
  updateAcceptanceSettings: 'AcceptanceSettingsUpdate',
  updateAiInstructions: 'AiInstructionsUpdate',
  replaceOpeningHours: 'OpeningHoursReplace',
  updateOrderStatus: 'OrderStatusUpdate',
  replaceMenu: 'MenuReplace',
  adminReplaceMenu: 'MenuReplace',
  updateMenuAvailability: 'MenuAvailabilityUpdate',
  adminUpdateMenuAvailability: 'MenuAvailabilityUpdate',
  createOrderQuote: 'OrderDraft',
  adminCreateOrderQuote: 'OrderDraft',
  updateCustomer: 'CustomerUpdate',
  adminUpdateCustomer: 'CustomerUpdate',
  createApiKey: 'ApiKeyCreate',
  createUser: 'UserCreate',
  updateUser: 'UserUpdate',
  createOrder: 'OrderCreate',
  createPaymentEvent: 'PaymentEventCreate',
  replaceFeeSchedule: 'FeeScheduleReplace',
  createChannelAccount: 'ChannelAccountCreate',
  updateChannelAccount: 'ChannelAccountUpdate',
  createTestInboundMessage: 'TestInboundMessage',
  createConversationMessage: 'MessageCreate',
  createWebhookEndpoint: 'WebhookEndpointCreate',
  adminCreateWebhookEndpoint: 'AdminWebhookEndpointCreate',
  updateWebhookEndpoint: 'WebhookEndpointUpdate',
  adminUpdateWebhookEndpoint: 'WebhookEndpointUpdate',
};
const RESPONSES_2XX: Record<string, string> = {
  deleteSpecialClosing: 'DeletedSpecialClosing',
  createOrderQuote: 'OrderQuote',
  adminCreateOrderQuote: 'OrderQuote',
  createApiKey: 'ApiKeyWithSecret',
  getWebhookDelivery: 'WebhookDeliveryWithAttempts',
  retryWebhookDelivery: 'WebhookDeliveryWithAttempts',
  getWebhookSettings: 'WebhookSettings',
  receiveWhatsappWebhook: 'WhatsappNotificationResult',
  deleteWebhookEndpoint: 'DeletedWebhookEndpoint',
  adminDeleteWebhookEndpoint: 'DeletedWebhookEndpoint',
};
/** Inline list items, named. */
const LIST_ITEMS: Record<string, string> = { listWebhookDeliveries: 'WebhookDelivery' };

const SCHEMAS = '#/components/schemas/';

const REQUEST_BODY_REFS = '#/components/requestBodies/';

/** Puts `schema` in components under `name` (the same name must mean the same schema) and returns a $ref. */
function hoist(components: Record<string, unknown>, name: string, schema: unknown, prefix = SCHEMAS) {
  const existing = components[name];
  if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema)) {
    throw new Error(`OpenAPI: two different components named ${name}`);
  }
  components[name] = schema;
  return ref(`${prefix}${name}`);
}

function nameSchemas(op: Json, schemas: Record<string, unknown>, requestBodies: Record<string, unknown>) {
  const id = String(op.operationId);
  const body = op.requestBody as Json | undefined;
  const name = REQUEST_BODIES[id];
  if (body && name && !body.$ref) {
    // A request body component, not a schema one: openapi-typescript makes a schema's fields that have a
    // default required in components.schemas (right for responses), but leaves them optional here.
    const json = (body.content as Record<string, Json>)['application/json'];
    json.schema = withExample(name, json.schema as Json);
    op.requestBody = hoist(requestBodies, name, body, REQUEST_BODY_REFS);
  }
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
    const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
    if (!status.startsWith('2') || !media || (media.schema as Json).$ref) continue;
    const schema = media.schema as Json;
    const properties = schema.properties as Record<string, Json> | undefined;
    const items = properties?.data?.items as Json | undefined;
    if (properties?.object && items) {
      const itemName = typeof items.$ref === 'string' ? items.$ref.slice(SCHEMAS.length) : LIST_ITEMS[id];
      if (!itemName) continue;
      if (!items.$ref) properties.data.items = hoist(schemas, itemName, items);
      media.schema = hoist(schemas, `${itemName}List`, {
        ...schema,
        description:
          schema.description ?? `A page of ${itemName} objects, oldest first (docs/api-conventions.md, Lists)`,
      });
    } else if (RESPONSES_2XX[id]) {
      media.schema = hoist(schemas, RESPONSES_2XX[id], schema);
    }
  }
}

/**
 * A list component serves both surfaces, so its example's `url` names one of them. Each list operation
 * gets the example with its own URL (path ids filled in with the parameters' examples).
 */
function listExampleUrl(op: Json, path: string) {
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
    const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
    const target = (media?.schema as Json | undefined)?.$ref;
    if (!status.startsWith('2') || !media || typeof target !== 'string' || !target.endsWith('List')) continue;
    const example = EXAMPLES[target.slice(SCHEMAS.length)] as Json | undefined;
    if (!example || typeof example.url !== 'string') continue;
    const params = (op.parameters as Json[]).filter((p) => p.in === 'path');
    const url = path.replace(/\{(\w+)\}/g, (whole, name) => {
      const value = params.find((p) => p.name === name)?.example;
      return typeof value === 'string' ? value : whole;
    });
    if (url !== example.url) media.example = { ...example, url };
  }
}

function withExample(name: string, schema: Json): Json {
  const example = EXAMPLES[name];
  return example === undefined ? schema : { ...schema, examples: [example] };
}

/** A success response @fastify/swagger calls "Default Response", named after its schema. */
function describeSuccess(op: Json) {
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
    if (response.description !== 'Default Response') continue;
    const media = Object.values((response.content as Record<string, Json> | undefined) ?? {})[0];
    const target = (media?.schema as Json | undefined)?.$ref;
    const name = typeof target === 'string' ? target.slice(SCHEMAS.length) : undefined;
    if (name?.endsWith('List')) response.description = `A page of ${name.slice(0, -'List'.length)} objects`;
    else if (name) response.description = status === '201' ? `Created: the new ${name}` : `The ${name}`;
    else response.description = status === '201' ? 'Created' : 'OK';
  }
}

/** @fastify/swagger's `transformObject`: the finished document, completed. */
export function completeDocument({ openapiObject }: { openapiObject: Partial<OpenAPIV3_1.Document> }) {
  const doc = documentSchema(openapiObject) as Json & { paths: Record<string, Json>; components: Json };
  const schemas = (doc.components.schemas ?? {}) as Record<string, unknown>;
  const requestBodies: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      completeOperation(op);
      nameSchemas(op, schemas, requestBodies);
      describeSuccess(op);
      listExampleUrl(op, path);
    }
  }
  doc.components = {
    ...doc.components,
    schemas: Object.fromEntries(
      Object.entries(schemas)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, schema]) => [name, withExample(name, schema as Json)]),
    ),
    requestBodies: Object.fromEntries(Object.entries(requestBodies).sort(([a], [b]) => a.localeCompare(b))),
    parameters: { ...(doc.components.parameters as object), ...sharedComponents.parameters },
    headers: { ...(doc.components.headers as object), ...sharedComponents.headers },
    responses: { ...(doc.components.responses as object), ...sharedComponents.responses },
  };
  return doc as unknown as OpenAPIV3_1.Document;
}

function completeOperation(op: Json) {
  const idempotent = op[IDEMPOTENT] === true;
  delete op[IDEMPOTENT];
  const parameters = (op.parameters as Json[] | undefined) ?? [];
  if (idempotent) parameters.push(ref(`${PARAMETERS}IdempotencyKey`));
  parameters.push(ref(`${PARAMETERS}RequestId`));
  op.parameters = parameters;

  const responses = op.responses as Record<string, Json>;
  responses['429'] = ref(`${RESPONSES}RateLimited`);
  responses['503'] = ref(`${RESPONSES}ServiceUnavailable`);
  for (const [status, response] of Object.entries(responses)) {
    if (typeof response.$ref === 'string') continue;
    // A stored outcome (a success or a 4xx) is what a replay answers; a 5xx is never stored.
    const replayable = idempotent && !status.startsWith('5');
    response.headers = {
      ...(response.headers as object),
      ...everyResponse,
      ...(replayable ? { 'Idempotent-Replayed': ref(`${HEADERS}IdempotentReplayed`) } : {}),
    };
  }
  op.responses = sortResponses(responses);
}

/** Status codes in order, ranges (`4XX`) after the codes they cover. */
function sortResponses(responses: Record<string, Json>) {
  const key = (s: string) => (s === 'default' ? '9' : s.replace(/X/g, '9'));
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => key(a).localeCompare(key(b))));
}
