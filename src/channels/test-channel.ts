import { randomUUID } from 'node:crypto';
import type { ChannelAdapter } from './types.js';

/** The test channel has no customer device: a reply is stored, and counts as sent at once. */
export const testChannel: ChannelAdapter = {
  async send() {
    return { channelMessageId: `test_${randomUUID()}` };
  },
};
