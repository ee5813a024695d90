import type { Queryable } from '../../db/client.js';
import { selectPrefixed, takePrefixed } from '../../db/prefixed.js';
import { PREPARED } from '../../db/prepared.js';
import { ACCOUNT_COLUMNS, type ChannelAccountRow } from '../../domain/conversations/channel-accounts.js';
import type { ConversationRow } from '../../domain/conversations/conversations.js';
import { CUSTOMER_COLUMNS, type CustomerRow } from '../../domain/conversations/customers.js';
import { notFound } from '../../domain/errors.js';

/** What an answer acts on. Each step that changes the conversation or the customer hands back the new row. */
export interface AnswerContext {
  conversation: ConversationRow;
  account: ChannelAccountRow;
  customer: Pick<CustomerRow, 'id' | 'name' | 'phone' | 'language'>;
}

const CONTEXT = `SELECT c.*, ${selectPrefixed('a', 'a__', ACCOUNT_COLUMNS)}, ${selectPrefixed('u', 'u__', CUSTOMER_COLUMNS)}
  FROM conversations c JOIN channel_accounts a ON a.id = c.channel_account_id JOIN customers u ON u.id = c.customer_id
  WHERE c.id = $1 FOR UPDATE OF c`;

/**
 * The conversation (locked until commit: one answer, message or reply of a conversation at a time), its
 * channel account and its customer, in one statement.
 */
export async function loadContext(tx: Queryable, conversationId: string): Promise<AnswerContext> {
  const [row] = await tx.query<Record<string, unknown>>(CONTEXT, [conversationId], PREPARED);
  if (!row) throw notFound('conversation', conversationId);
  const account = takePrefixed<ChannelAccountRow>(row, 'a__', ACCOUNT_COLUMNS);
  const customer = takePrefixed<CustomerRow>(row, 'u__', CUSTOMER_COLUMNS);
  return { conversation: row as unknown as ConversationRow, account, customer };
}
