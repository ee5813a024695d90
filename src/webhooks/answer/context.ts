import type { Queryable } from '../../db/client.js';
import { type ChannelAccountRow, getChannelAccountRow } from '../../domain/conversations/channel-accounts.js';
import type { ConversationRow } from '../../domain/conversations/conversations.js';
import type { CustomerRow } from '../../domain/conversations/customers.js';
import { notFound } from '../../domain/errors.js';

/** What an answer acts on. Each step that changes the conversation or the customer hands back the new row. */
export interface AnswerContext {
  conversation: ConversationRow;
  account: ChannelAccountRow;
  customer: Pick<CustomerRow, 'id' | 'name' | 'phone' | 'language'>;
}

/**
 * The conversation (locked until commit: one answer, message or reply of a conversation at a time), its
 * channel account and its customer.
 */
export async function loadContext(tx: Queryable, conversationId: string): Promise<AnswerContext> {
  const [conversation] = await tx.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1 FOR UPDATE', [
    conversationId,
  ]);
  if (!conversation) throw notFound('conversation', conversationId);
  const account = await getChannelAccountRow(tx, conversation.channel_account_id);
  const [customer] = await tx.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [conversation.customer_id]);
  return { conversation, account, customer };
}
