/**
 * The LLM engine's tools for past orders and notes, each called by a scripted model turn (./llm-fake.ts), as
 * in ./llm-tools.test.ts: what the answer then holds and what the tool sent back to the model.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { product } from './_llm-tools.js';
import { orderBody, previousOrder } from './fixtures.js';
import { call, say, toolResult, tools, useFakeModel } from './llm-fake.js';
import { Conversation, draftLines } from './simulator.js';

const fake = useFakeModel();
/** The last request the model got: it carries every tool result of the turn. */
const lastRequest = () => fake.requests[fake.requests.length - 1];

describe('LLM tools for past orders and notes', () => {
  it('orders: the previous orders, newest first, go back to the model', async () => {
    const c = new Conversation(fake.engine(), {
      language: 'en',
      orders: [previousOrder('in_preparation'), previousOrder('completed', 'ord_older', '41')],
    });
    fake.script = [tools(call('orders', {})), say('Your order #42 is being prepared.')];
    assert.equal(await c.say('Where is my order?'), 'Welcome to Pizzeria Roma!\n\nYour order #42 is being prepared.');
    const { orders } = toolResult(lastRequest(), 'call_orders');
    assert.deepEqual(
      orders.map((o: any) => [o.number, o.status, o.placed]),
      [
        ['42', 'in_preparation', 'today at 11:30'],
        ['41', 'completed', 'today at 11:30'],
      ],
    );
    // 2 × (12.50 + 3.00 + 1.50) + 4.20 + 2 × 3.20 = 44.60, as the order stored it
    assert.equal(orders[0].total, '€44.60');
    assert.match(orders[0].expected, /^today at \d\d:\d\d$/);
    assert.match(fake.requests[0].messages[0].content, /2 previous orders\./);
    assert.equal(c.last.action, undefined);
    assert.equal(c.last.orderDraft, undefined);
  });

  it('repeat_order puts the last order back; show_order prices it; place_order after the confirmation', async () => {
    const c = new Conversation(fake.engine(), { language: 'en', orders: [previousOrder('completed')] });
    fake.script = [
      tools(call('repeat_order', {})),
      say('Your order #42 again, without the Peroni (not available any more).'),
    ];
    assert.match(await c.say('same as last time'), /Your order #42 again, without the Peroni/);
    const repeated = toolResult(lastRequest(), 'call_repeat_order');
    assert.deepEqual(repeated.skipped, ['Peroni 0.33 l']);
    assert.deepEqual(
      repeated.order.lines.map((l: any) => [l.text, l.price]),
      [
        ['2× Pizza Diavola (32 cm; extra Mozzarella)', '€34.00'],
        ['2× Coca-Cola (can) 0.33 l', '€6.40'],
      ],
    );
    assert.deepEqual([repeated.order.service_type, repeated.order.payment_method], ['collection', 'cash']);
    assert.deepEqual(draftLines(c), [
      ['diavola', 2, ['size-32'], [], ['mozzarella']],
      ['cola', 2, [], [], []],
    ]);
    assert.deepEqual([c.draft?.serviceType, c.draft?.paymentMethod], ['collection', 'cash']);

    fake.requests.length = 0;
    fake.script = [tools(call('show_order', {})), say('That is €40.40 for pick-up. Shall I place it?')];
    await c.say('how much?');
    const shown = toolResult(lastRequest(), 'call_show_order');
    assert.deepEqual([shown.priced_by_server, shown.total, shown.ready_to_place], [true, '€40.40', true]);
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);
    assert.equal(c.last.orderDraft, undefined, 'showing changes nothing');

    fake.requests.length = 0;
    fake.script = [tools(call('place_order', {})), say('Thank you! Your order is on its way to the kitchen.')];
    assert.equal(await c.say('yes please'), 'Thank you! Your order is on its way to the kitchen.');
    assert.deepEqual(toolResult(lastRequest(), 'call_place_order'), { placed: true });
    assert.equal(c.last.action, 'place_order');
    assert.equal(c.last.orderDraft, undefined, 'the server places the draft it priced');
    assert.deepEqual(c.choices(), [], 'no confirm buttons on the answer that places');
    assert.equal(c.orders.length, 2, 'the simulator placed it');
    assert.equal(c.draft, null);
  });

  it('repeat_order by number; an unknown number and no orders are errors', async () => {
    const c = new Conversation(fake.engine(), {
      language: 'en',
      orders: [
        previousOrder('completed'),
        orderBody({ id: 'ord_7', shortId: '7', draft: { items: [product('tiramisu', 3)] } }),
      ],
    });
    fake.script = [
      tools(call('repeat_order', { number: '#99' }, 'call_missing'), call('repeat_order', { number: '#7' })),
      say('Three Tiramisù again.'),
    ];
    await c.say('the order #7 again');
    assert.deepEqual(toolResult(lastRequest(), 'call_missing'), { error: 'no previous order' });
    assert.deepEqual(toolResult(lastRequest(), 'call_repeat_order').skipped, []);
    assert.deepEqual(draftLines(c), [['tiramisu', 3, [], [], []]]);

    const none = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [tools(call('repeat_order', {})), say('You have not ordered with us yet.')];
    await none.say('the usual');
    assert.deepEqual(toolResult(lastRequest(), 'call_repeat_order'), { error: 'no previous order' });
    assert.equal(none.last.orderDraft, undefined);
  });

  it('cancel_order after the customer confirmed: action cancel_order with the order id', async () => {
    const c = new Conversation(fake.engine(), { language: 'en', orders: [previousOrder('received')] });
    c.history = [
      { direction: 'inbound', text: 'cancel my order' },
      { direction: 'outbound', text: 'Do you really want to cancel order #42?' },
    ];
    fake.script = [tools(call('cancel_order', { number: '42' })), say('Order #42 is cancelled.')];
    assert.equal(await c.say('yes, cancel it'), 'Order #42 is cancelled.');
    // The model saw its own question before the customer's yes.
    assert.deepEqual(
      fake.requests[0].messages.slice(1).map((m: any) => [m.role, m.content]),
      [
        ['user', 'cancel my order'],
        ['assistant', 'Do you really want to cancel order #42?'],
        ['user', 'yes, cancel it'],
      ],
    );
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: '42' });
    assert.deepEqual([c.last.action, c.last.orderId], ['cancel_order', 'ord_old']);
    assert.equal(c.orders[0].status, 'cancelled', 'the simulator cancelled it');
  });

  it('cancel_order without a number takes the newest order still received; accepted ones are refused', async () => {
    const c = new Conversation(fake.engine(), {
      language: 'en',
      orders: [previousOrder('accepted', 'ord_new', '43'), previousOrder('received')],
    });
    fake.script = [tools(call('cancel_order', {})), say('Order #42 is cancelled.')];
    await c.say('yes, cancel');
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: '42' });
    assert.deepEqual([c.last.action, c.last.orderId], ['cancel_order', 'ord_old']);

    const accepted = new Conversation(fake.engine(), { language: 'en', orders: [previousOrder('accepted')] });
    fake.script = [
      tools(call('cancel_order', {})),
      say('Order #42 is already accepted, so please call the restaurant to cancel it.'),
    ];
    assert.match(await accepted.say('yes, cancel it'), /already accepted/);
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: false, status: 'accepted' });
    assert.equal(accepted.last.action, undefined);
    assert.equal(accepted.last.orderId, undefined);

    const none = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [tools(call('cancel_order', {})), say('There is no order to cancel.')];
    await none.say('cancel');
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: false, status: 'no order' });
    assert.equal(none.last.action, undefined);
  });

  it('remember_note: customer.notes gets the note once; the prompt carries it next time', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [
      tools(call('remember_note', { note: 'allergic to onions' })),
      say('Noted: you are allergic to onions.'),
    ];
    assert.match(await c.say('remember that I am allergic to onions'), /Noted: you are allergic to onions\.$/);
    assert.deepEqual(toolResult(lastRequest(), 'call_remember_note'), { notes: 'allergic to onions' });
    assert.deepEqual(c.last.customer, { notes: 'allergic to onions' });

    fake.requests.length = 0;
    fake.script = [
      tools(
        call('remember_note', { note: 'Allergic to onions' }, 'call_again'),
        call('remember_note', { note: 'ring the back door' }),
      ),
      say('I will remember that too.'),
    ];
    await c.say('and always ring the back door; I am allergic to onions');
    assert.match(fake.requests[0].messages[0].content, /Customer: Anna; notes: allergic to onions;/);
    assert.deepEqual(toolResult(lastRequest(), 'call_again'), { notes: 'allergic to onions' }, 'kept once');
    assert.deepEqual(toolResult(lastRequest(), 'call_remember_note'), {
      notes: 'allergic to onions\nring the back door',
    });
    assert.deepEqual(c.last.customer, { notes: 'allergic to onions\nring the back door' });

    fake.script = [tools(call('remember_note', { note: 'ring the back door' })), say('I know.')];
    await c.say('ring the back door, remember?');
    assert.equal(c.last.customer, undefined, 'a note already kept changes nothing');
    assert.equal(c.notes, 'allergic to onions\nring the back door');
  });
});
