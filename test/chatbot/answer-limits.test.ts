/**
 * Issue 19: the reference chatbot never proposes what the platform refuses. Replies stay inside WhatsApp's
 * limits (3 buttons of 20 characters, a list of 10 rows of 24), and a list that cannot show every choice
 * says how to get the others.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buttonsReply, listReply } from '../../chatbot/answer.js';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i}`, title: `Choice number ${i} with a long name` }));

describe('replies within the channel limits', () => {
  it('a list keeps 10 rows of at most 24 characters; with more, the text says to write the name', () => {
    const reply = listReply(
      'Which one?',
      'Choose',
      rows(14),
      'Not all fit in the list: write the name of the one you want.',
    );
    const shown = reply.list?.sections[0].rows ?? [];
    assert.equal(shown.length, 10);
    for (const r of shown) assert.ok([...r.title].length <= 24, r.title);
    assert.match(reply.text, /write the name/);
  });

  it('a list that fits says nothing more', () => {
    const reply = listReply(
      'Which one?',
      'Choose',
      rows(10),
      'Not all fit in the list: write the name of the one you want.',
    );
    assert.equal(reply.list?.sections[0].rows.length, 10);
    assert.equal(reply.text, 'Which one?');
  });

  it('at most 3 buttons of 20 characters', () => {
    const reply = buttonsReply('Pick', rows(5));
    assert.equal(reply.buttons?.length, 3);
    for (const b of reply.buttons ?? []) assert.ok([...b.title].length <= 20, b.title);
  });
});
