/** Reading back, after each batch of ./conversations-fuzz.test.ts and at its end: every conversation touched. */
import {
  allPages,
  expectedTest,
  expectedWa,
  findings,
  logged,
  record,
  short,
  tenant,
  testAccounts,
  touched,
  whatsapp,
} from './_conversations-fuzz.js';

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
export const seenMessages = new Map<string, number>();

/** Every conversation touched lists its messages, each well-formed, each as it was stored. */
export async function checkStored(stage: string, everything = false) {
  const conversations: any[] = [];
  for (const acc of [...whatsapp.map((w) => w.account), ...testAccounts]) {
    const list = await allPages(`/admin/v1/conversations?channel_account_id=${acc.id}`);
    if (list.failed) record(`conversation list fails (${stage})`, `GET conversations of ${acc.id}`, list.failed);
    for (const c of list.items) {
      if (everything || touched.has(c.id) || touched.has(`account ${c.channel_account_id}`)) conversations.push(c);
    }
  }
  touched.clear();
  for (const c of conversations) {
    const surfaces: [string, string | undefined][] = [[`/admin/v1/conversations/${c.id}/messages`, undefined]];
    if (everything) surfaces.push([`/v1/conversations/${c.id}/messages`, tenant.orgKey]);
    for (const [url, key] of surfaces) {
      const { items, failed } = await allPages(url, key);
      if (failed) {
        record(`message list fails (${stage})`, `GET ${url}`, failed);
        continue;
      }
      if (key) continue;
      for (const m of items) {
        const bad: string[] = [];
        if (m.sent_at !== null && !TIME.test(m.sent_at)) bad.push(`sent_at ${m.sent_at}`);
        if (!TIME.test(m.created_at)) bad.push(`created_at ${m.created_at}`);
        if (m.direction === 'inbound' && m.text !== null && typeof m.text !== 'string') bad.push('text');
        if (m.direction !== 'inbound') continue;
        const wa = expectedWa.get(`${m.channel_account_id ?? c.channel_account_id} ${m.channel_message_id}`);
        const tc = expectedTest.get(m.id);
        const want = wa ?? tc;
        if (want && (m.type !== want.type || m.text !== want.text)) {
          bad.push(`reads back as ${m.type} ${short(JSON.stringify(m.text), 80)}`);
        }
        if (!everything) {
          // Counted once, in the full read at the end.
        } else if (wa) {
          const customer = seenMessages.get(`wa ${c.channel_account_id} ${m.channel_message_id}`);
          seenMessages.set(`wa ${c.channel_account_id} ${m.channel_message_id}`, (customer ?? 0) + 1);
        } else if (tc) seenMessages.set(`test ${m.id}`, 1);
        else if (whatsapp.some((w) => w.account.id === c.channel_account_id)) seenMessages.set(`other ${m.id}`, 1);
        if (bad.length > 0) {
          findings.add(
            `stored message reads back wrong: ${bad[0].replace(/ .*$/s, '')}`,
            `${want?.repro ?? m.id}: ${bad.join('; ')}`,
          );
        }
      }
    }
  }
  if (everything) {
    const customers = await allPages(`/admin/v1/customers?organization_id=${tenant.orgId}`);
    if (customers.failed) record('customer list fails', `GET customers of ${tenant.orgId}`, customers.failed);
  }
  logged();
}
