/** Meta's message shapes (fixtures/meta-messages.json) in a signed notification, as the Cloud API sends them. */
import { fill, fixture, type WhatsAppAccount, wamid } from './_support.js';

const MESSAGES = JSON.parse(fixture('meta-messages')) as Record<string, unknown>;

/** One fixture message by name, its placeholders filled; a fresh wamid unless given. */
export function metaMessage(name: string, values: { WA_ID: string; WAMID?: string; TARGET?: string }): any {
  const template = JSON.stringify(MESSAGES[name]);
  if (template === undefined) throw new Error(`no fixture message '${name}'`);
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return JSON.parse(fill(template, { WAMID: wamid(), TARGET: 'wamid.none', ...given }));
}

/** A notification with these messages (and statuses) for the account, as Meta's envelope holds them. */
export function envelope(
  account: WhatsAppAccount,
  value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] },
) {
  const waIds = new Set((value.messages ?? []).map((m: any) => m?.from).filter((f) => typeof f === 'string' && f));
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: account.phoneNumberId },
              contacts: value.contacts ?? [...waIds].map((w) => ({ profile: { name: 'Sheena Nelson' }, wa_id: w })),
              ...(value.messages ? { messages: value.messages } : {}),
              ...(value.statuses ? { statuses: value.statuses } : {}),
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}
