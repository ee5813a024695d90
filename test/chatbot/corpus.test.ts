/**
 * The understanding corpus (test/chatbot/corpus/README.md) is sound, and the engine keeps what it
 * understands: a floor under exact-match on each split, a few points below the figures in
 * bench/results/understanding.md, so that a change which loses understanding fails here. The figures
 * themselves are the bench's (npm run bench:understanding).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusErrors, loadMenus, loadMessages } from './corpus/load.js';
import { runCorpus } from './corpus/run.js';

const FLOOR = { dev: 0.88, test: 0.85 };

describe('understanding corpus', () => {
  it('every expectation is a draft the server accepts from its menu', () => {
    const menus = loadMenus();
    const messages = loadMessages();
    assert.deepEqual(corpusErrors(menus, messages), []);
    assert.ok(messages.length >= 800, `${messages.length} messages`);
    assert.equal(menus.size, 5);
    for (const menu of menus.keys()) {
      for (const split of ['dev', 'test']) {
        assert.ok(
          messages.some((m) => m.menu === menu && m.split === split),
          `${split}/${menu}`,
        );
      }
    }
    for (const lang of ['en', 'de']) assert.ok(messages.filter((m) => m.lang === lang).length >= 150, lang);
  });

  it('whole drafts from one message stay above the floor on both splits', async () => {
    const outcomes = await runCorpus();
    for (const split of ['dev', 'test'] as const) {
      const list = outcomes.filter((o) => o.message.split === split);
      const share = list.filter((o) => o.ok).length / list.length;
      assert.ok(share >= FLOOR[split], `${split}: ${(share * 100).toFixed(1)} % exact, floor ${FLOOR[split] * 100} %`);
    }
  });
});
