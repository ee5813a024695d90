/**
 * The LLM engine against a local fake of an OpenAI-compatible endpoint (real port, real chat-completions
 * and tool_calls JSON), with scripted model turns: the tools change the draft exactly as the
 * deterministic engine would; a failing or slow model hands over to the deterministic engine.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createLlmEngine } from '../../chatbot/engine/llm/index.js';
import { NOW } from './fixtures.js';
import { Conversation } from './simulator.js';

type Script = (request: any) => { status?: number; delayMs?: number; message?: Record<string, unknown> };
let script: Script[] = [];
const requests: any[] = [];

const fake = createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    const request = JSON.parse(raw);
    requests.push({ path: req.url, auth: req.headers.authorization, ...request });
    const step = script.shift()?.(request) ?? { status: 500 };
    const reply = () => {
      if (step.status && step.status !== 200) {
        res.writeHead(step.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', ...step.message },
              finish_reason: step.message?.tool_calls ? 'tool_calls' : 'stop',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    };
    if (step.delayMs) setTimeout(reply, step.delayMs);
    else reply();
  });
});

const call = (name: string, args: unknown, id = `call_${name}`) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});
const tools =
  (...calls: ReturnType<typeof call>[]): Script =>
  () => ({ message: { content: null, tool_calls: calls } });
const say =
  (content: string): Script =>
  () => ({ message: { content } });

let baseURL = '';
before(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});
after(() => new Promise<void>((resolve) => fake.close(() => resolve())));
beforeEach(() => {
  script = [];
  requests.length = 0;
});

const engine = (timeoutMs = 2000) =>
  createLlmEngine({ baseURL, apiKey: 'sk-test', model: 'test-model', timeoutMs, clock: () => NOW });

describe('LLM engine', () => {
  it('two turns: tools build the draft, then the priced order is shown with the confirm buttons', async () => {
    const c = new Conversation(engine(), { language: 'en' });
    script = [
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
    script = [tools(call('show_order', {})), say('That is €28.20 in total, ready at 12:20. Shall I place it?')];
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
    script = [
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
    script = [() => ({ status: 500 })];
    const text = await c.say('a margherita 26cm please');
    assert.match(text, /1× Pizza Margherita \(26 cm\) — €9\.50/);
    assert.equal(requests.length, 1, 'no retries: the fallback answers at once');
  });

  it('a slow model: the deterministic engine answers after the deadline', async () => {
    const c = new Conversation(engine(300), { language: 'en' });
    script = [() => ({ delayMs: 1500, message: { content: 'too late' } })];
    const started = Date.now();
    const text = await c.say('Are you open?');
    assert.ok(Date.now() - started < 1200, 'answered at the deadline, not when the model finished');
    assert.match(text, /We are open now, until 14:30/);
  });

  it('unknown tools and bad arguments go back to the model as errors', async () => {
    const c = new Conversation(engine(), { language: 'en' });
    script = [
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
