/**
 * The LLM engine against a local fake of an OpenAI-compatible endpoint (real port, real chat-completions
 * and tool_calls JSON), with scripted model turns: the tools change the draft exactly as the
 * deterministic engine would; a failing or slow model hands over to the deterministic engine. The fake
 * lives in ./llm-fake.ts; each tool on its own is in ./llm-tools.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { call, say, tools, useFakeModel } from './llm-fake.js';
import { Conversation } from './simulator.js';

const fake = useFakeModel();
const engine = (timeoutMs?: number) => fake.engine(timeoutMs);
const requests = fake.requests;

describe('LLM engine', () => {
  it('two turns: tools build the draft, then the priced order is shown with the confirm buttons', async () => {
    const c = new Conversation(engine(), { language: 'en' });
    fake.script = [
      tools(
        call('add_items', {
          items: [
            { item: 'margherita', quantity: 2, options: ['32 cm'], without: ['basil'] },
            { item: 'Coca Cola', quantity: 1 },
          ],
        }),
        call('set_details', { service_type: 'collection', payment_method: 'cash' }),
      ),
      say('I have added two large Margheritas without basil and a Coke, for pick-up, paid in cash.'),
    ];
    const first = await c.say('Two large margheritas without basil and a coke, pick-up, cash');
    assert.match(first, /two large Margheritas/);
    assert.deepEqual(
      ((c.draft?.items ?? []) as any[]).map((i) => [
        i.productId,
        i.quantity,
        i.options.map((o: any) => o.optionId),
        i.without,
      ]),
      [
        ['margherita', 2, ['size-32'], ['basil']],
        ['cola', 1, [], []],
      ],
    );
    assert.deepEqual([c.draft?.serviceType, c.draft?.paymentMethod], ['collection', 'cash']);
    // The model saw the menu with ids, the tools, and got the tools' results back.
    assert.equal(requests.length, 2);
    assert.equal(requests[0].auth, 'Bearer sk-test');
    assert.ok(requests[0].tools.some((t: any) => t.function.name === 'place_order'));
    assert.match(requests[0].messages[0].content, /margherita "Pizza Margherita"/);
    const results = requests[1].messages.filter((m: any) => m.role === 'tool').map((m: any) => JSON.parse(m.content));
    assert.match(results[0].added[0], /2× Pizza Margherita \(32 cm; without Basil\)/);

    requests.length = 0;
    fake.script = [tools(call('show_order', {})), say('That is €28.20 in total, ready at 12:20. Shall I place it?')];
    const second = await c.say('What is the total?');
    assert.match(second, /€28\.20/);
    const shown = JSON.parse(requests[1].messages.find((m: any) => m.role === 'tool').content);
    // 2 × (9.50 + 3.00) + 3.20 = 28.20, priced by the server
    assert.deepEqual([shown.priced_by_server, shown.total, shown.ready_to_place], [true, '€28.20', true]);
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);

    // A tap on our own button needs no model: it is exact.
    requests.length = 0;
    await c.tap('confirm_order');
    assert.equal(c.last.action, 'place_order');
    assert.equal(requests.length, 0);
  });

  it('place_order is refused when the order changed in the same message', async () => {
    const c = new Conversation(engine(), { language: 'en' });
    fake.script = [
      tools(call('add_items', { items: [{ item: 'tiramisu', quantity: 2 }] }), call('place_order', {})),
      say('Let me show you the order first.'),
    ];
    await c.say('two tiramisu and order it');
    assert.equal(c.last.action, undefined);
    const result = JSON.parse(requests[1].messages.filter((m: any) => m.role === 'tool')[1].content);
    assert.equal(result.placed, false);
  });

  it('a failing model: the deterministic engine answers', async () => {
    const c = new Conversation(engine(), { language: 'en' });
    fake.script = [() => ({ status: 500 })];
    const text = await c.say('a margherita 26cm please');
    assert.match(text, /1× Pizza Margherita \(26 cm\) — €9\.50/);
    assert.equal(requests.length, 1, 'no retries: the fallback answers at once');
  });

  it('a slow model: the deterministic engine answers after the deadline', async () => {
    const c = new Conversation(engine(300), { language: 'en' });
    fake.script = [() => ({ delayMs: 1500, message: { content: 'too late' } })];
    const started = Date.now();
    const text = await c.say('Are you open?');
    assert.ok(Date.now() - started < 1200, 'answered at the deadline, not when the model finished');
    assert.match(text, /We are open now, until 14:30/);
  });

  it('unknown tools and bad arguments go back to the model as errors', async () => {
    const c = new Conversation(engine(), { language: 'en' });
    fake.script = [
      tools(call('order_everything', {}), {
        ...call('add_items', {}),
        function: { name: 'add_items', arguments: '{not json' },
      }),
      say('Sorry, what would you like?'),
    ];
    assert.match(await c.say('hm'), /Sorry, what would you like\?/);
    const results = requests[1].messages.filter((m: any) => m.role === 'tool').map((m: any) => JSON.parse(m.content));
    assert.deepEqual(results, [{ error: 'unknown tool order_everything' }, { error: 'arguments are not JSON' }]);
  });
});
