/**
 * The LLM engine: any OpenAI-compatible chat-completions endpoint with tool calling. The model talks; the
 * tools (the deterministic engine's operations) change the draft and read facts, so prices, ids and
 * rules stay exact. Taps on our own buttons skip the model (their ids say exactly what to do). A model
 * that fails, answers badly or takes longer than the deadline hands the message to the deterministic
 * engine: the customer always gets an answer.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { buttonsReply, textReply } from '../../answer.js';
import type { Logger } from '../../log.js';
import type { Payload } from '../../payload-types.js';
import { greet } from '../deterministic/greeting.js';
import { createDeterministicEngine } from '../deterministic/index.js';
import { lookupTurn } from '../deterministic/lookup.js';
import { handleReply } from '../deterministic/replies.js';
import { chooseLocation } from '../ops/locations.js';
import { CHANGE, CONFIRM } from '../render/draft.js';
import { Turn } from '../turn.js';
import type { Clock, Engine } from '../types.js';
import { chatMessages } from './prompt.js';
import type { Tool } from './tool.js';
import { HISTORY_TOOLS } from './tools-history.js';
import { INFO_TOOLS } from './tools-info.js';
import { ORDER_TOOLS } from './tools-order.js';

/** 6 s: the platform waits 10 s for an answer by default, and the fallback needs milliseconds. */
export const LLM_DEFAULT_TIMEOUT_MS = 6_000;

export interface LlmOptions {
  baseURL: string;
  apiKey: string;
  model: string;
  /**
   * The whole answer's deadline, all model calls included. Below the platform's time for one webhook
   * attempt (its CHATBOT_TIMEOUT_MS, 10 s by default), so that the deterministic answer still reaches the
   * platform when the model is slow; a later answer would be cut off and the customer get a retry instead.
   */
  timeoutMs?: number;
  /** Model calls per message at most (each may call several tools). */
  maxRounds?: number;
  clock?: Clock;
  log?: Logger;
}

export const TOOLS: Tool[] = [...ORDER_TOOLS, ...HISTORY_TOOLS, ...INFO_TOOLS];
/** The tools that read the targeted restaurant's menu. */
const MENU_TOOLS = new Set([
  'add_items',
  'update_item',
  'remove_item',
  'show_order',
  'place_order',
  'repeat_order',
  'item_details',
  'find_dishes',
]);
const DEFINITIONS: ChatCompletionTool[] = TOOLS.map((t) => ({
  type: 'function',
  function: { name: t.name, description: t.description, parameters: t.parameters },
}));

function runTool(turn: Turn, name: string, rawArgs: string): unknown {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) return { error: `unknown tool ${name}` };
  let args: unknown;
  try {
    args = rawArgs ? JSON.parse(rawArgs) : {};
  } catch {
    return { error: 'arguments are not JSON' };
  }
  try {
    return tool.run(turn, args ?? {});
  } catch (err) {
    return { error: (err as Error).message };
  }
}

export function createLlmEngine(o: LlmOptions): Engine {
  const clock = o.clock ?? (() => new Date());
  const fallback = createDeterministicEngine(clock);
  const client = new OpenAI({
    baseURL: o.baseURL,
    apiKey: o.apiKey || 'none',
    maxRetries: 0,
    timeout: o.timeoutMs ?? LLM_DEFAULT_TIMEOUT_MS,
  });
  const maxRounds = o.maxRounds ?? 6;

  async function converse(turn: Turn, signal: AbortSignal): Promise<void> {
    const messages: ChatCompletionMessageParam[] = chatMessages(turn);
    for (let round = 0; round < maxRounds; round++) {
      const res = await client.chat.completions.create(
        { model: o.model, messages, tools: DEFINITIONS, tool_choice: 'auto', temperature: 0.2 },
        { signal },
      );
      const msg = res.choices[0]?.message;
      if (!msg) throw new Error('the model sent no message');
      const calls = (msg.tool_calls ?? []).filter((c) => c.type === 'function');
      if (calls.length === 0) {
        const text = msg.content?.trim();
        if (!text) throw new Error('the model sent an empty answer');
        const t = turn.t;
        turn.say(
          turn.confirmOffered && !turn.draftChanged && !turn.action
            ? buttonsReply(text, [
                { id: CONFIRM, title: t.btn.place },
                { id: CHANGE, title: t.btn.change },
              ])
            : textReply(text),
        );
        return;
      }
      messages.push({ role: 'assistant', content: msg.content ?? null, tool_calls: calls });
      for (const call of calls) {
        // A restaurant chosen from the organization's list, which has no menus: the message comes again
        // with its menu (location_chosen) and is answered then, from the start.
        if (MENU_TOOLS.has(call.function.name) && turn.location && !turn.location.hasMenu) return turn.redeliver();
        const result = runTool(turn, call.function.name, call.function.arguments);
        o.log?.debug({ tool: call.function.name, args: call.function.arguments }, 'tool');
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
      // The order must come along to the restaurant chosen: that needs its menu too.
      if (turn.carryPending) return turn.redeliver();
    }
    throw new Error(`no answer after ${maxRounds} model calls`);
  }

  return {
    name: 'llm',
    async answer(payload: Payload) {
      // Finding the restaurant by the server's address lookup (businessOrganization mode) is the
      // deterministic engine's: asking for it, what it found, and the messages after it.
      if (lookupTurn(new Turn(payload, clock()))) return fallback.answer(payload);
      const tap = payload.lastMessage.reply?.id;
      if (tap) {
        const turn = new Turn(payload, clock());
        if (handleReply(turn, tap)) return turn.finish();
      }
      const turn = new Turn(payload, clock());
      // The message again after choosing: the choice is made first (the draft carried over; the prompt says
      // what came along), then the model reads the message with that restaurant's menu.
      if (payload.event.type === 'location_chosen' && payload.location) {
        turn.switched = chooseLocation(turn, payload.location);
      }
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), o.timeoutMs ?? LLM_DEFAULT_TIMEOUT_MS);
      try {
        await converse(turn, deadline.signal);
        greet(turn);
        return turn.finish();
      } catch (err) {
        o.log?.warn({ error: (err as Error).message }, 'llm failed, deterministic answer instead');
        return fallback.answer(payload);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
