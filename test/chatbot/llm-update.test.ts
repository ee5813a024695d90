/**
 * The LLM engine's `update_item` tool, regressions found in review: an option in the draft without its
 * group id (docs/order-drafts.md: `group_id` is optional), and refusals (a switched-off option, an
 * ingredient that cannot be left out, an extra not offered, an unknown option) that the tool used to
 * drop while adding the switched-off option anyway. The model is the fake of ./llm-fake.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { call, say, toolResult, tools, useFakeModel } from './llm-fake.js';
import { Conversation, draftLines } from './simulator.js';

const fake = useFakeModel();
const lastRequest = () => fake.requests[fake.requests.length - 1];

/** A draft line whose size does not name its group, as a draft may (group_id is optional). */
const noGroup = (size: string) => ({
  type: 'product',
  productId: 'margherita',
  quantity: 1,
  options: [{ optionId: size }],
});

describe('update_item', () => {
  it('a new size replaces the draft’s size that has no group id', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    c.draft = { items: [noGroup('size-26')] };
    fake.script = [tools(call('update_item', { line: 1, options: ['32 cm'] })), say('Now 32 cm.')];
    assert.match(await c.say('make it 32 cm'), /Now 32 cm\./);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-32'], [], []]]);
    const updated = toolResult(lastRequest(), 'call_update_item');
    assert.deepEqual(updated.order.lines, [{ line: 1, text: '1× Pizza Margherita (32 cm)', price: '€12.50' }]);
    assert.deepEqual([updated.refused, updated.not_possible], [[], []]);
  });

  it('by option id as well', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    c.draft = { items: [noGroup('size-26')] };
    fake.script = [tools(call('update_item', { line: 1, options: ['size-30'] })), say('Now 30 cm.')];
    await c.say('30 cm please');
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-30'], [], []]]);
  });

  it('reports what it could not do, like add_items, and adds no switched-off option', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    c.draft = { items: [noGroup('size-26')] };
    fake.script = [
      tools(
        call('update_item', {
          line: 1,
          without: ['tomato sauce'],
          extra: ['basil'],
          options: ['anchovies', 'unicorn'],
        }),
      ),
      say('Sorry, anchovies are off today.'),
    ];
    await c.say('no tomato sauce, extra basil, with anchovies and unicorn');
    const updated = toolResult(lastRequest(), 'call_update_item');
    assert.deepEqual(updated.refused, ['Anchovies: not available now']);
    assert.deepEqual(updated.not_possible, [
      'Tomato sauce cannot be left out',
      'no extra Basil',
      'unknown option unicorn',
    ]);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-26'], [], []]]);
    assert.deepEqual(updated.order.lines, [{ line: 1, text: '1× Pizza Margherita (26 cm)', price: '€9.50' }]);
  });

  it('an unknown option is named as the model wrote it; the available ones in the same call are applied', async () => {
    const c = new Conversation(fake.engine(), { language: 'de' });
    c.draft = { items: [noGroup('size-26')] };
    fake.script = [
      tools(call('update_item', { line: 1, options: ['Oliven', 'Käsekuchen', 'Anchovies'] })),
      say('Oliven sind drauf.'),
    ];
    await c.say('mit Oliven, Käsekuchen und Sardellen');
    const updated = toolResult(lastRequest(), 'call_update_item');
    assert.deepEqual(updated.refused, ['Anchovies: not available now']);
    assert.deepEqual(updated.not_possible, ['unknown option Käsekuchen']);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-26', 'olives'], [], []]]);
  });

  it('"extra cheese" is the Margherita’s Mozzarella', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    c.draft = { items: [noGroup('size-26')] };
    fake.script = [tools(call('update_item', { line: 1, extra: ['cheese'] })), say('Extra mozzarella it is.')];
    await c.say('extra cheese please');
    const updated = toolResult(lastRequest(), 'call_update_item');
    assert.deepEqual(updated.not_possible, []);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-26'], [], ['mozzarella']]]);
  });
});
