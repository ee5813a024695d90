import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { MessageWebhookAnswer } from '../../src/contracts/message-webhook/answer.js';
import { MessageWebhookBody } from '../../src/contracts/message-webhook/body.js';
import { GLOSSARY } from '../../src/contracts/message-webhook/glossary.js';
import { Menu } from '../../src/contracts/rest/menus.js';
import { Order } from '../../src/contracts/rest/orders.js';
import { Location } from '../../src/contracts/rest/resources.js';
import { documentSchema } from '../../src/http/openapi-extras.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { documentedBodySchema } from './_payload.js';

let h: Harness;
let doc: any;

before(async () => {
  h = await getHarness();
  doc = h.app.swagger();
});

/** Every property of every object in the schema, with its path. */
function properties(schema: unknown, path = '$', out: [string, any][] = []): [string, any][] {
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) properties(s, `${path}[${i}]`, out);
  } else if (typeof schema === 'object' && schema !== null) {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties' && typeof v === 'object' && v !== null) {
        for (const [name, p] of Object.entries(v)) {
          out.push([`${path}.${name}`, p]);
          properties(p, `${path}.${name}`, out);
        }
      } else properties(v, `${path}/${k}`, out);
    }
  }
  return out;
}

describe('the message webhook in the OpenAPI document', () => {
  test('webhooks.message is a POST whose body and answer are exactly the schemas the server uses', () => {
    assert.equal(doc.openapi, '3.1.0');
    const op = doc.webhooks.message.post;
    // In JSON Schema 2020-12 form (documentSchema), accepting the same values.
    assert.deepEqual(documentedBodySchema(h), documentSchema(JSON.parse(JSON.stringify(MessageWebhookBody))));
    assert.deepEqual(
      op.responses['200'].content['application/json'].schema,
      documentSchema(JSON.parse(JSON.stringify(MessageWebhookAnswer))),
    );
    assert.ok(op.responses['401'].description);
    assert.deepEqual(op.security, [{ chatbotBearer: [] }]);
    assert.deepEqual(doc.components.securitySchemes.chatbotBearer, {
      type: 'http',
      scheme: 'bearer',
      description: doc.components.securitySchemes.chatbotBearer.description,
    });
    assert.deepEqual(
      op.parameters.map((p: any) => [p.in, p.name, p.required, typeof p.description]),
      [
        ['header', 'webhook-id', true, 'string'],
        ['header', 'webhook-timestamp', true, 'string'],
        ['header', 'webhook-signature', true, 'string'],
      ],
    );
    // The REST surfaces declare their own key schemes, per operation (test/http/reference.test.ts).
    assert.equal(doc.security, undefined);
  });

  test('every field of the body, however deep, is described', () => {
    const all = properties(MessageWebhookBody);
    assert.ok(all.length > 300, `only ${all.length} fields`);
    const undescribed = all.filter(([, p]) => typeof p.description !== 'string' || p.description.trim() === '');
    assert.deepEqual(
      undescribed.map(([path]) => path),
      [],
    );
  });

  test('the top level and the nested names the chatbot relies on', () => {
    const s = MessageWebhookBody as any;
    assert.deepEqual(Object.keys(s.properties), [
      'lastMessage',
      'conversation',
      'location',
      'businessOrganization',
      'customer',
      'orderDraft',
      'orders',
      'mode',
      'event',
    ]);
    assert.deepEqual([...s.required].sort(), [
      'conversation',
      'customer',
      'event',
      'lastMessage',
      'mode',
      'orderDraft',
      'orders',
    ]);
    const names = (o: any) => Object.keys(o.properties);
    assert.deepEqual(names(s.properties.customer.properties.preferences), [
      'orderCount',
      'lastOrderAt',
      'favouriteProducts',
      'usualServiceType',
      'usualPaymentMethod',
      'lastDeliveryAddress',
    ]);
    assert.deepEqual(names(s.properties.event), [
      'id',
      'type',
      'attempt',
      'problems',
      'addressLookup',
      'previousLocation',
    ]);
    const location = names(s.properties.location);
    for (const field of ['openingHours', 'nextOpening', 'specialClosings', 'serviceTypes', 'paymentMethods', 'menu']) {
      assert.ok(location.includes(field), field);
    }
    // No snake_case name anywhere: camelCase throughout.
    const snake = properties(MessageWebhookBody)
      .map(([path]) => path.split('.').pop() as string)
      .filter((name) => name.includes('_'));
    assert.deepEqual(snake, []);
  });

  test('describing the body left the REST schemas as they were', () => {
    const glossary = new Set(Object.values(GLOSSARY));
    for (const schema of [Order, Menu, Location]) {
      const borrowed = properties(schema).filter(([, p]) => glossary.has(p.description));
      assert.deepEqual(
        borrowed.map(([path]) => path),
        [],
      );
    }
  });
});
