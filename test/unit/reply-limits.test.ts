/**
 * The reshaping of a reply into messages within Meta's documented limits (src/domain/conversations/reply-limits.ts):
 * every limit, every kind of cut, and that nothing of the reply is lost.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fit, REPLY_LIMITS, shapeReply, splitText, uniqueTitles } from '../../src/domain/conversations/reply-limits.js';
import type { Reply } from '../../src/domain/conversations/types.js';

/** The words of a text, in order: what a split must keep (only whitespace at a cut may go). */
const words = (t: string) => t.split(/\s+/).filter(Boolean);
const sentence = (i: number) => `Sentence number ${i} tells the customer something about pizza.`;
const sentences = (n: number, from = 0) => Array.from({ length: n }, (_, i) => sentence(from + i)).join(' ');

function assertWithin(parts: Reply[]) {
  for (const p of parts) {
    const body = p.buttons ? REPLY_LIMITS.buttons.body : p.list ? REPLY_LIMITS.list.body : REPLY_LIMITS.textBody;
    assert.ok(p.text.length > 0 && p.text.length <= body, `body of ${p.text.length}`);
    if (p.buttons) {
      assert.ok(p.buttons.length <= REPLY_LIMITS.buttons.max);
      const titles = p.buttons.map((b) => b.title.toLowerCase());
      assert.equal(new Set(titles).size, titles.length, 'unique button titles');
      for (const b of p.buttons) assert.ok(b.title.length <= REPLY_LIMITS.buttons.title, b.title);
    }
    if (p.list) {
      const L = REPLY_LIMITS.list;
      assert.ok(p.list.button.length <= L.button);
      assert.ok(p.list.sections.length <= L.sections);
      if (p.list.sections.length > 1) for (const s of p.list.sections) assert.ok(s.title, 'a title on each section');
      const rows = p.list.sections.flatMap((s) => s.rows);
      assert.ok(rows.length <= L.rows);
      assert.equal(new Set(rows.map((r) => r.title.toLowerCase())).size, rows.length, 'unique row titles');
      for (const s of p.list.sections) assert.ok((s.title ?? '').length <= L.sectionTitle);
      for (const r of rows) {
        assert.ok(r.title.length <= L.rowTitle);
        assert.ok((r.description ?? '').length <= L.rowDescription);
      }
    }
  }
}

describe('the limits, as Meta documents them', () => {
  test('are the numbers of the Cloud API references', () => {
    assert.deepEqual(REPLY_LIMITS, {
      textBody: 4096,
      buttons: { body: 1024, max: 3, title: 20, id: 256 },
      list: {
        body: 4096,
        button: 20,
        sections: 10,
        rows: 10,
        sectionTitle: 24,
        rowTitle: 24,
        rowDescription: 72,
        rowId: 200,
      },
    });
  });
});

describe('splitText', () => {
  test('a text within the limit is one part, unchanged, even at exactly the limit', () => {
    assert.deepEqual(splitText('Hallo!'), ['Hallo!']);
    const exact = 'x'.repeat(4096);
    assert.deepEqual(splitText(exact), [exact]);
    assert.deepEqual(splitText(''), ['']);
  });

  test('a long text is cut at a paragraph before a sentence, into parts within the limit, in order', () => {
    const a = sentences(40);
    const b = sentences(40, 40);
    const text = `${a}\n\n${b}`;
    assert.ok(text.length > 4096 && a.length <= 4096 && a.length >= 2048);
    assert.deepEqual(splitText(text), [a, b]);
  });

  test('without a paragraph, at a line; without a line, at a sentence end; the most that fits goes first', () => {
    const a = sentences(40);
    assert.deepEqual(splitText(`${a}\n${sentences(40, 40)}`), [a, sentences(40, 40)]);
    const text = sentences(120);
    const parts = splitText(text);
    assert.ok(parts.length >= 2);
    for (const p of parts) assert.ok(p.length <= 4096 && p.length > 2048 - 70, `${p.length}`);
    for (const p of parts.slice(0, -1)) assert.match(p, /pizza\.$/, 'each part ends a sentence');
    assert.deepEqual(words(parts.join(' ')), words(text));
  });

  test('a paragraph break too early (under half the limit) gives way to a later sentence end', () => {
    const text = `Hi.\n\n${sentences(100)}`;
    const [first] = splitText(text);
    assert.ok(first.length > 2048, `${first.length}`);
    assert.match(first, /pizza\.$/);
  });

  test('sentence ends in other scripts and with closing quotes count', () => {
    const zh = `${'比萨饼很好吃。'.repeat(400)}`;
    const parts = splitText(zh, 100);
    assert.deepEqual(parts.join(''), zh.replace(/\s/g, ''));
    for (const p of parts) assert.match(p, /。$/);
    assert.deepEqual(splitText(`${'a'.repeat(60)}." ${'b'.repeat(60)}`, 100), [`${'a'.repeat(60)}."`, 'b'.repeat(60)]);
  });

  test('words when there is no sentence end; a hard cut when there is no whitespace at all', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(' ');
    const parts = splitText(text);
    for (const p of parts) assert.ok(p.length <= 4096);
    assert.deepEqual(words(parts.join(' ')), words(text));
    const solid = 'x'.repeat(10_000);
    assert.deepEqual(
      splitText(solid).map((p) => p.length),
      [4096, 4096, 1808],
    );
  });

  test('a hard cut never splits a surrogate pair', () => {
    const text = `${'x'.repeat(99)}${'🍕'.repeat(60)}`;
    const parts = splitText(text, 100);
    for (const p of parts) {
      assert.ok(p.length <= 100);
      assert.doesNotMatch(p, /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
    assert.equal(parts.join(''), text);
  });
});

describe('titles', () => {
  test('fit shortens with an ellipsis, within the maximum, never inside a surrogate pair', () => {
    assert.equal(fit('Margherita', 20), 'Margherita');
    assert.equal(fit('Pizza Quattro Formaggi grande', 20), 'Pizza Quattro Forma…');
    assert.equal(fit('Pizza Quattro Formaggi grande', 20).length, 20);
    const f = fit(`${'x'.repeat(18)}🍕🍕`, 20);
    assert.ok(f.length <= 20);
    assert.doesNotMatch(f, /[\uD800-\uDBFF]…$/);
  });

  test('a repeated title gets " 2", " 3", ignoring case and spaces around; it still fits', () => {
    assert.deepEqual(uniqueTitles(['OK', 'OK', 'ok ', 'Nein'], 20), ['OK', 'OK 2', 'ok 3', 'Nein']);
    const long = 'x'.repeat(25);
    const titles = uniqueTitles([long, long], 20);
    assert.deepEqual(titles, [`${'x'.repeat(19)}…`, `${'x'.repeat(18)} 2`]);
    assert.deepEqual(uniqueTitles(['A 2', 'A', 'A'], 20), ['A 2', 'A', 'A 3']);
  });
});

describe('shapeReply', () => {
  const buttons = [
    { id: 'yes', title: 'OK' },
    { id: 'no', title: 'OK' },
  ];

  test('a reply within the limits is itself, untouched', () => {
    const reply: Reply = { text: 'Lieferung oder Abholung?', buttons: [{ id: 'd', title: 'Lieferung' }] };
    assert.equal(shapeReply(reply)[0], reply);
    const list: Reply = {
      text: 'Welche Pizza?',
      list: { button: 'Pizzen', sections: [{ rows: [{ id: 'm', title: 'Margherita', description: '9,00 €' }] }] },
    };
    assert.deepEqual(shapeReply(list), [list]);
    const text: Reply = { text: 'x'.repeat(4096) };
    assert.equal(shapeReply(text)[0], text);
  });

  test('a long text becomes several text messages', () => {
    const text = sentences(200);
    const parts = shapeReply({ text });
    assert.ok(parts.length >= 3);
    assertWithin(parts);
    assert.ok(parts.every((p) => !p.buttons && !p.list));
    assert.deepEqual(words(parts.map((p) => p.text).join(' ')), words(text));
  });

  test('2,000 characters with buttons: the start as a text message, the end (≤ 1,024) with the buttons', () => {
    const question = 'Möchtest du das so bestellen?';
    const text = `${sentences(30)}\n\n${question}`;
    assert.ok(text.length > 1500);
    const input: Reply = { text, buttons };
    const before = JSON.stringify(input);
    const parts = shapeReply(input);
    assert.equal(JSON.stringify(input), before, 'the reply is not changed');
    assert.equal(parts.length, 2);
    assertWithin(parts);
    assert.equal(parts[0].buttons, undefined);
    assert.deepEqual(parts[1].buttons, [
      { id: 'yes', title: 'OK' },
      { id: 'no', title: 'OK 2' },
    ]);
    assert.match(parts[1].text, /bestellen\?$/);
    assert.deepEqual(words(parts.map((p) => p.text).join(' ')), words(text));
  });

  test('with buttons, the part that goes with them starts where a paragraph does when one is near the end', () => {
    const text = `${sentences(20)}\n\nLetzte Frage: ${sentences(3)}`;
    const parts = shapeReply({ text, buttons });
    assert.ok(parts[parts.length - 1].text.startsWith('Letzte Frage'));
  });

  test('a very long text with buttons: several text messages, then the buttons', () => {
    const text = 'y'.repeat(9000);
    const parts = shapeReply({ text, buttons: [{ id: 'a', title: 'A' }] });
    assertWithin(parts);
    assert.deepEqual(
      parts.map((p) => [p.text.length, Boolean(p.buttons)]),
      [
        [4096, false],
        [3880, false],
        [1024, true],
      ],
    );
    assert.equal(parts.map((p) => p.text).join(''), text);
  });

  test('a list: body up to 4,096, the button label, section titles filled when several, rows fitted and unique', () => {
    const reply: Reply = {
      text: 'z'.repeat(4096),
      list: {
        button: 'Alle unsere Pizzen ansehen',
        sections: [
          { rows: [{ id: 'a', title: 'Margherita', description: 'd'.repeat(80) }] },
          {
            rows: [
              { id: 'b', title: 'Margherita' },
              { id: 'c', title: 'Pizza mit sehr vielen Zutaten drauf' },
            ],
          },
          { title: 'Pasta', rows: [{ id: 'e', title: 'Penne' }] },
        ],
      },
    };
    const [shaped, ...more] = shapeReply(reply);
    assert.equal(more.length, 0);
    assertWithin([shaped]);
    assert.equal(shaped.text, reply.text);
    const list = shaped.list!;
    assert.equal(list.button, 'Alle unsere Pizzen…');
    assert.deepEqual(
      list.sections.map((s) => s.title),
      ['Alle unsere Pizzen… 1', 'Alle unsere Pizzen… 2', 'Pasta'],
    );
    assert.deepEqual(
      list.sections.flatMap((s) => s.rows.map((r) => [r.id, r.title])),
      [
        ['a', 'Margherita'],
        ['b', 'Margherita 2'],
        ['c', 'Pizza mit sehr vielen Z…'],
        ['e', 'Penne'],
      ],
    );
    assert.equal(list.sections[0].rows[0].description, `${'d'.repeat(71)}…`);
  });

  test('one list section keeps having no title; a list body over 4,096 goes partly before', () => {
    const reply: Reply = {
      text: sentences(80),
      list: { button: 'Pizzen', sections: [{ rows: [{ id: 'm', title: 'Margherita' }] }] },
    };
    const parts = shapeReply(reply);
    assert.equal(parts.length, 2);
    assertWithin(parts);
    assert.deepEqual(parts[1].list, reply.list);
  });

  test('ids are never changed: they come back in the customer choice', () => {
    const parts = shapeReply({ text: 'x'.repeat(3000), buttons });
    assert.deepEqual(
      parts[parts.length - 1].buttons?.map((b) => b.id),
      ['yes', 'no'],
    );
  });
});
