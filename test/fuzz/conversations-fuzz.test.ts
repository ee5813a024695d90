/**
 * Issue 19: the two ways customer messages come in, fuzzed with hostile texts, timestamps, phone numbers,
 * types and shapes through the real routes — signed WhatsApp Cloud API notifications on the webhook, and the
 * test channel's inbound_messages. What holds for every answer: no 5xx; the error envelope; a bad input is
 * a 400 naming one of its bad fields (docs/conversations.md; on WhatsApp, since issue 22, a 200 with the
 * bad items refused alone and the rest stored), a good one is stored exactly as the answer
 * says and reads back as sent; and after each batch, every conversation touched lists its messages (200),
 * on both surfaces at the end. Bounded and seeded: FUZZ_SEED and FUZZ_COUNT (requests per channel)
 * override the defaults; a failure prints the seed and a reproducer per kind, with the logged error.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signBody } from '../../src/channels/whatsapp/signature.js';
import { fill, fixture } from '../conversations/_support.js';
import {
  BATCH,
  COUNT,
  expectedTest,
  expectedWa,
  f,
  findings,
  keys,
  logged,
  nextAddress,
  outboundShortfall,
  PGLITE,
  pgliteReadBack,
  phones,
  record,
  reserved,
  SEED,
  short,
  startRun,
  stopRun,
  testAccounts,
  touched,
  verdictProblems,
  type WaAccount,
  watch,
  whatsapp,
} from './_conversations-fuzz.js';
import { checkStored, seenMessages } from './_conversations-read.js';
import { type Answer, checkAnswer } from './checks.js';
import {
  type Expectation,
  type InboundCase,
  inboundCase,
  type NotificationCase,
  notificationCase,
} from './conversation-cases.js';
import { codePoints, MAX_MESSAGE_ID } from './conversation-inputs.js';
import { mutate } from './mutate.js';
import { createRng, type Rng } from './random.js';
import { toJson } from './values.js';

/** Messages a mutated notification stored (their ids unknown): allowed in the lists, counted. */
let unknownStoredAllowed = 0;

before(startRun);

after(stopRun);

// ---- WhatsApp

type Transport =
  | { kind: 'signed' }
  | { kind: 'mutated'; what: string }
  | { kind: 'refused'; statuses: number[]; what: string; raw?: string; headers?: Record<string, string> };

function transport(rng: Rng, c: NotificationCase, acc: WaAccount): Transport {
  return rng.weighted<() => Transport>([
    [84, () => ({ kind: 'signed' })],
    [
      10,
      () => {
        let body = c.body;
        const whats: string[] = [];
        for (let i = rng.between(1, 2); i > 0; i--) {
          const m = mutate(body, { rng, bait: () => `svc_org_${rng.chars(40)}`, realKey: () => keys.current });
          body = m.body;
          whats.push(m.what);
        }
        c.body = body;
        return { kind: 'mutated', what: whats.join(', ') };
      },
    ],
    [1, () => ({ kind: 'refused', statuses: [401], what: 'no signature', headers: { 'x-hub-signature-256': '' } })],
    [
      1,
      () => ({
        kind: 'refused',
        statuses: [401],
        what: 'signed with another secret',
        headers: { 'x-hub-signature-256': signBody(toJson(c.body), `${acc.account.appSecret}x`) },
      }),
    ],
    [
      1,
      () => ({
        kind: 'refused',
        statuses: [400],
        what: 'text/plain',
        headers: { 'content-type': 'text/plain' },
      }),
    ],
    [
      1,
      () => ({
        kind: 'refused',
        statuses: [400],
        what: 'not JSON',
        raw: rng.pick(['', '{"object":', 'null garbage', '\ufeff{"object":"whatsapp_business_account"}', '\u0000']),
      }),
    ],
    [1, () => ({ kind: 'refused', statuses: [404], what: 'unknown account' })],
  ])();
}

async function sendNotification(
  i: number,
  acc: WaAccount,
  c: NotificationCase,
  rng: Rng,
  how: Transport = transport(rng, c, acc),
) {
  const raw = how.kind === 'refused' && how.raw !== undefined ? how.raw : toJson(c.body);
  const payload = Buffer.from(raw, 'utf8');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-hub-signature-256': rng.pick([
      signBody(payload, acc.account.appSecret),
      signBody(payload, acc.account.appSecret),
      signBody(payload, acc.account.appSecret).toUpperCase().replace('SHA256=', 'sha256='),
      ` ${signBody(payload, acc.account.appSecret)} `,
    ]),
    ...(how.kind === 'refused' ? how.headers : {}),
  };
  if (headers['x-hub-signature-256'] === '') delete headers['x-hub-signature-256'];
  const id =
    how.kind === 'refused' && how.what === 'unknown account' ? 'cha_00000000000000000000000000' : acc.account.id;
  const url = `/channels/whatsapp/${id}/webhook`;
  const copies = how.kind === 'signed' && c.bad.size === 0 && rng.chance(0.04) ? 3 : 1;
  const send = () =>
    f.app.inject({ method: 'POST', url, headers, payload, remoteAddress: nextAddress() }).then((res) => ({
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
    }));
  const answers = await Promise.all(Array.from({ length: copies }, send));
  const repro =
    `seed ${SEED} wa#${i} ${acc.label} POST ${url} [${how.kind === 'signed' ? 'signed' : how.what}]` +
    `${copies > 1 ? ` ×${copies} at once` : ''} [${c.labels.join(' | ')}] body=${short(JSON.stringify(raw), 400)}`;
  let total = { stored: 0, duplicates: 0 };
  let problemsSeen = false;
  for (const a of answers) {
    let body: any;
    try {
      body = JSON.parse(a.body);
    } catch {}
    const problems = checkAnswer(a, watch, { sentRequestId: undefined });
    if (a.status === 429) {
      // Documented (docs/conversations.md): Meta retries later. Not expected at this volume.
      findings.add('429 on the webhook', repro);
      continue;
    }
    if (how.kind === 'refused') {
      if (!how.statuses.includes(a.status)) problems.push(`status ${a.status} for ${how.what}`);
    } else if (how.kind === 'mutated') {
      if (![200, 400].includes(a.status)) problems.push(`status ${a.status} for a mutated notification`);
      if (a.status === 200) unknownStoredAllowed += body?.messages_stored ?? 0;
    } else if (c.bad.size > 0) {
      // Issue 22: a malformed item is refused alone, the rest stored, and the answer is 200; which items a
      // broken envelope part takes with it is not modelled here, so what was stored counts as unknown.
      if (a.status !== 200) problems.push(`status ${a.status} for a notification with malformed items`);
      else unknownStoredAllowed += body?.messages_stored ?? 0;
    } else {
      problems.push(...verdictProblems(a, body, c, 200));
      if (a.status === 200) {
        const want = {
          received: true,
          messages_stored: c.stored.length,
          duplicates: c.duplicates,
          statuses: c.statuses,
          ignored: c.ignored,
        };
        const got = Object.fromEntries(Object.keys(want).map((k) => [k, body?.[k]]));
        if (copies > 1) {
          total = { stored: total.stored + got.messages_stored, duplicates: total.duplicates + got.duplicates };
        } else if (JSON.stringify(got) !== JSON.stringify(want)) {
          problems.push(`200 ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
        }
      }
    }
    if (problems.length > 0) {
      problemsSeen = true;
      record(`${problems.map((p) => p.replace(/:.*$/s, '')).join(' + ')} — whatsapp ${how.kind}`, repro, a);
    }
  }
  if (copies > 1 && answers.every((a) => a.status === 200)) {
    const want = { stored: c.stored.length, duplicates: copies * c.messages - c.stored.length };
    if (JSON.stringify(total) !== JSON.stringify(want)) {
      record(`concurrent copies stored ${JSON.stringify(total)}, expected ${JSON.stringify(want)}`, repro, answers[0]);
    }
  }
  logged();
  const accepted = answers.some((a) => a.status === 200);
  if (how.kind === 'signed' && accepted && !problemsSeen && c.bad.size === 0) {
    for (const m of c.stored) {
      const key = `${acc.account.id} ${pgliteReadBack(m.channelMessageId)}`;
      expectedWa.set(key, { ...m, text: pgliteReadBack(m.text), repro });
    }
    for (const m of c.stored) acc.seen.add(m.channelMessageId);
  }
  if (how.kind !== 'refused' && accepted) touched.add(`account ${acc.account.id}`);
}

// ---- Test channel

async function sendInbound(i: number, account: { id: string; label: string }, c: InboundCase, rng: Rng) {
  const key = await keys.use();
  const idem = `conv-fuzz-${SEED}-${process.pid}-${Date.now()}-${i}`;
  const url = `/admin/v1/channel_accounts/${account.id}/inbound_messages`;
  const payload = toJson(c.body);
  if (payload.includes('"__proto__"')) {
    // The API's JSON parser refuses a __proto__ key outright (docs/operations/hostile-input.md), naming no field.
    c.anyParam = true;
    c.bad.add('body');
  }
  const send = () =>
    f.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': key, 'idempotency-key': idem, 'content-type': 'application/json' },
      payload,
    });
  const res = await send();
  const a: Answer = { status: res.statusCode, headers: res.headers, body: res.body };
  const repro = `seed ${SEED} test#${i} ${account.label} POST ${url} [${c.labels.join(' | ')}] body=${short(payload, 400)}`;
  let body: any;
  try {
    body = JSON.parse(a.body);
  } catch {}
  const problems = [...checkAnswer(a, watch, { sentRequestId: undefined }), ...verdictProblems(a, body, c, 201)];
  if (a.status === 201) {
    if (body?.object !== 'message' || body.direction !== 'inbound') problems.push('201 is no inbound message');
    if (body?.type !== c.type) problems.push(`stored type ${body?.type}, expected ${c.type}`);
    if (body?.text !== pgliteReadBack(c.text))
      problems.push(`stored text differs: ${short(JSON.stringify(body?.text), 80)}`);
    if (c.location) {
      const l = body?.location;
      const same =
        l?.latitude === c.location.latitude + 0 &&
        l?.longitude === c.location.longitude + 0 &&
        (l?.name ?? null) === pgliteReadBack(c.location.name) &&
        (l?.address ?? null) === pgliteReadBack(c.location.address);
      if (!same) problems.push(`stored location differs: ${short(JSON.stringify(l), 120)}`);
    }
    if (typeof body?.conversation_id === 'string') {
      touched.add(body.conversation_id);
      expectedTest.set(body.id, { text: pgliteReadBack(c.text), type: c.type, repro });
    } else problems.push('201 without conversation_id');
  }
  if (problems.length > 0)
    record(`${problems.map((p) => p.replace(/:.*$/s, '')).join(' + ')} — test channel`, repro, a);
  logged();
  // The same request again with the same Idempotency-Key: the same outcome, never a second message.
  if (rng.chance(0.08)) {
    const again = await send();
    const b = JSON.parse(again.body);
    const same =
      again.statusCode === a.status && (a.status === 201 ? b.id === body?.id : b?.error?.code === body?.error?.code);
    if (!same) record('replay with the same Idempotency-Key answers differently', repro, a);
    logged();
  }
}

async function targeted(rng: Rng) {
  const acc = whatsapp[0];
  const titles = ['\u0000', 'x\ud800', 'a'.repeat(20_000), '\u202e\u0001\u0002', '\ufeffBOM'];
  for (const [k, id] of reserved.entries()) {
    const value = {
      metadata: { phone_number_id: acc.phoneNumberId },
      statuses: [{ id, status: 'failed', errors: [{ code: titles[k], title: titles[k + 1], message: titles[k] }] }],
    };
    const c = drawn(() => notificationCase(rng, acc, phones), true);
    c.body = { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value }] }] };
    Object.assign(c, { messages: 0, duplicates: 0, statuses: 1, ignored: 0, stored: [], labels: ['failed status'] });
    await sendNotification(10_000 + k, acc, c, createRng(k), { kind: 'signed' });
  }
  // Ids of 4-byte characters (CJK extension B) up to the documented 512 characters, and beyond it.
  for (const [k, length] of [506, 507, 2000, 12_000].entries()) {
    const chars = [...Array(length)].map(() => String.fromCodePoint(0x20000 + rng.int(20_000)));
    const id = `wamid.${chars.join('')}`;
    const raw = fill(fixture('text-message'), { PHONE_NUMBER_ID: acc.phoneNumberId, WA_ID: phones[1], WAMID: id });
    const c = drawn(() => notificationCase(rng, acc, phones), true);
    c.body = JSON.parse(raw);
    const text = 'Hallo! Habt ihr heute Abend noch Pizza Margherita?';
    const taken = codePoints(id) <= MAX_MESSAGE_ID;
    const stored = taken ? [{ channelMessageId: id, phone: `+${phones[1]}`, type: 'text', text }] : [];
    const bad = new Set(taken ? [] : ['entry.0.changes.0.value.messages.0.id']);
    const labels = [`id ${codePoints(id)} characters`];
    Object.assign(c, { messages: stored.length, duplicates: 0, statuses: 0, ignored: 0, stored, bad, labels });
    Object.assign(c, { anyParam: false, either: false });
    await sendNotification(10_100 + k, acc, c, createRng(k), { kind: 'signed' });
  }
}

/** A case, drawn again (up to 50 times) until none of its fields is bad when `clean`. */
function drawn<T extends Expectation>(draw: () => T, clean: boolean): T {
  let c = draw();
  for (let tries = 0; clean && c.bad.size > 0 && tries < 50; tries++) c = draw();
  return c;
}

test(`whatsapp webhook and test channel: ${COUNT} hostile messages each`, async (t) => {
  t.diagnostic(`FUZZ_SEED=${SEED} FUZZ_COUNT=${COUNT}`);
  if (PGLITE) t.diagnostic('PGlite: a value starting with U+FEFF is expected back without it (docs/operations.md)');
  if (outboundShortfall) t.diagnostic(`${outboundShortfall}: fewer status updates reach a message`);
  const rng = createRng(SEED + 1);
  const statuses = new Map<string, number>();
  const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
  const started = Date.now();
  for (let i = 0; i < COUNT; i++) {
    // Half the cases are wholly good (re-drawn until nothing in them is bad), so stores are many too.
    const clean = rng.chance(0.5);
    const acc = rng.pick(whatsapp);
    await sendNotification(
      i,
      acc,
      drawn(() => notificationCase(rng, acc, phones), clean),
      rng,
    );
    const test = rng.pick(testAccounts);
    await sendInbound(
      i,
      test,
      drawn(() => inboundCase(rng, phones), clean),
      rng,
    );
    if ((i + 1) % BATCH === 0) await checkStored(`after ${i + 1}`);
    count('pair');
  }
  await targeted(rng);
  const looped = Date.now();
  // A notification over the body limit: the documented 400, not a 500 or a dropped connection.
  const acc = whatsapp[0];
  const huge = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ field: 'messages', value: { text: 'x'.repeat(1_100_000) } }] }],
  });
  const res = await f.app.inject({
    method: 'POST',
    url: `/channels/whatsapp/${acc.account.id}/webhook`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(huge, acc.account.appSecret) },
    payload: huge,
    remoteAddress: nextAddress(),
  });
  const a = { status: res.statusCode, headers: res.headers, body: res.body };
  const problems = checkAnswer(a, watch, { sentRequestId: undefined });
  // docs/operations/hostile-input.md: a body over 1 MiB is a 400 with details.max_bytes.
  if (res.statusCode !== 400 || !res.body.includes('"max_bytes":1048576')) problems.push('not the body-limit 400');
  if (problems.length > 0) record(problems.join(' + '), 'POST 1.1 MB notification', a);
  await checkStored('at the end', true);
  const checked = Date.now();
  // Every message a 200 promised is in its conversation, once; nothing else is there but what mutations stored.
  let missing = 0;
  for (const [k, m] of expectedWa) {
    const [account] = k.split(' ');
    const n = seenMessages.get(`wa ${account} ${pgliteReadBack(m.channelMessageId)}`) ?? 0;
    if (n !== 1) {
      missing++;
      findings.add(`message stored by a 200 is listed ${n} times`, m.repro);
    }
  }
  for (const [id, m] of expectedTest)
    if (!seenMessages.has(`test ${id}`)) findings.add('201 message not listed', m.repro);
  const others = [...seenMessages.keys()].filter((k) => k.startsWith('other ')).length;
  // The setup's first message is one of them.
  if (others > unknownStoredAllowed + 1) {
    findings.add('messages stored that no 200 promised', `${others} listed, ${unknownStoredAllowed} from mutations`);
  }
  t.diagnostic(
    `${COUNT} notifications and ${COUNT} test messages in ${looped - started} ms, final read ${checked - looped} ms; ` +
      `${expectedWa.size} WhatsApp and ${expectedTest.size} test messages stored and read back (${missing} missing)`,
  );
  assert.equal(findings.total, 0, findings.summary(40));
});
