/**
 * A local fake of an OpenAI-compatible chat-completions endpoint for the LLM engine's tests: a real port,
 * real chat-completions and tool_calls JSON, scripted model turns. Every request is recorded, so a test
 * can read what the tools sent back to the model (the `tool` messages of the next request).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach } from 'node:test';
import { createLlmEngine } from '../../chatbot/engine/llm/index.js';
import type { Engine } from '../../chatbot/engine/types.js';
import { NOW } from './fixtures.js';

export type Step = { status?: number; delayMs?: number; message?: Record<string, unknown> };
export type Script = (request: any) => Step;

export interface FakeModel {
  /** The model's next answers, one per request; a request with none left gets a 500. */
  script: Script[];
  /** The requests received (the chat-completions body, plus `path` and `auth`). */
  requests: any[];
  /** An LLM engine talking to this fake, at the fixtures' clock. */
  engine(timeoutMs?: number): Engine;
}

/** Starts the fake for this test file (before), stops it (after) and forgets script and requests per test. */
export function useFakeModel(): FakeModel {
  let baseURL = '';
  const fake: FakeModel = {
    script: [],
    requests: [],
    engine: (timeoutMs = 2000) =>
      createLlmEngine({ baseURL, apiKey: 'sk-test', model: 'test-model', timeoutMs, clock: () => NOW }),
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const request = JSON.parse(raw);
      fake.requests.push({ path: req.url, auth: req.headers.authorization, ...request });
      const step = fake.script.shift()?.(request) ?? { status: 500 };
      const reply = () => {
        if (step.status && step.status !== 200) {
          res.writeHead(step.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'scripted failure' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${fake.requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: request.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', ...step.message },
                finish_reason: step.message?.tool_calls ? 'tool_calls' : 'stop',
              },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      };
      if (step.delayMs) setTimeout(reply, step.delayMs);
      else reply();
    });
  });
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    fake.script = [];
    fake.requests.length = 0;
  });
  return fake;
}

/** One tool call as the model writes it. */
export const call = (name: string, args: unknown, id = `call_${name}`) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

/** A model turn that calls these tools. */
export const tools =
  (...calls: ReturnType<typeof call>[]): Script =>
  () => ({ message: { content: null, tool_calls: calls } });

/** A model turn that answers the customer with this text. */
export const say =
  (content: string): Script =>
  () => ({ message: { content } });

/** The parsed results of every tool call in a request, in order. */
export const toolResults = (request: any): any[] =>
  request.messages.filter((m: any) => m.role === 'tool').map((m: any) => JSON.parse(m.content));

/** The parsed result of the tool call with this id (by default `call_<tool name>`) as a request carries it. */
export function toolResult(request: any, id: string): any {
  const found = request.messages.find((m: any) => m.role === 'tool' && m.tool_call_id === id);
  if (!found) throw new Error(`no tool result ${id} in the request`);
  return JSON.parse(found.content);
}
