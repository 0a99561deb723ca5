import { describe, expect, it } from 'vitest';
import { AnswerMemory } from '../../../src-main/core/service/answerMemory';
import { createServiceClient } from '../../../src-main/core/service/client';
import { ServiceError } from '../../../src-main/core/service/serviceErrors';
import { paginate } from '../../../src-main/local-service/pagination';
import { device } from '../../support/fixtures';

const BASE = 'http://service.test';

/** A page of the account list as the service writes it: `online` says who is online. */
function accountPageText(online: (n: number) => boolean, count = 3): string {
  const devices = Array.from({ length: count }, (_, n) => {
    const { classroom: _classroom, ...wire } = device(n, { is_online: online(n) });
    return wire;
  });
  return JSON.stringify(
    paginate(
      devices,
      1,
      (page) => `${BASE}/api/v1/devices?page=${page}`,
      (d) => d,
    ),
  );
}

/** A client whose fetch answers each request with the next of `bodies`, as JSON. */
function clientAnswering(bodies: string[]) {
  const asked: string[] = [];
  const client = createServiceClient({
    baseUrl: BASE,
    token: 'answer-memory-token',
    fetch: async (input) => {
      asked.push(input instanceof Request ? input.url : input.toString());
      const body = bodies.shift();
      if (body === undefined) throw new Error('the test gave no more answers');
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, asked };
}

describe('the client reads an unchanged page once', () => {
  it('gives the same page again for the same text, and a new one when the text changes', async () => {
    const first = accountPageText(() => true);
    const changed = accountPageText((n) => n !== 1);
    const { client, asked } = clientAnswering([first, first, changed, changed]);

    const read = await client.accountDevicesPage(1);
    const again = await client.accountDevicesPage(1);
    expect(again).toBe(read);
    expect(again.data.map((d) => d.is_online)).toEqual([true, true, true]);

    const afterChange = await client.accountDevicesPage(1);
    expect(afterChange).not.toBe(read);
    expect(afterChange.data.map((d) => d.is_online)).toEqual([true, false, true]);
    expect(await client.accountDevicesPage(1)).toBe(afterChange);
    // Every read asked the service: only the parsing and checking is saved.
    expect(asked).toHaveLength(4);
  });

  it('checks the text again after a bad answer at the same address', async () => {
    const good = accountPageText(() => true);
    const { client } = clientAnswering([good, '{"data": "not a list"}', good]);
    const read = await client.accountDevicesPage(1);
    const bad = await client.accountDevicesPage(1).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(ServiceError);
    expect((bad as ServiceError).problem.kind).toBe('bad-response');
    const reread = await client.accountDevicesPage(1);
    expect(reread).toEqual(read);
    expect(reread).not.toBe(read);
  });

  it('keeps a page apart from another page of the same text', async () => {
    const text = accountPageText(() => true);
    const { client } = clientAnswering([text, text]);
    await client.accountDevicesPage(1);
    // Page 2 answering page 1's text is refused as before (it says it is page 1), not given back.
    const wrong = await client.accountDevicesPage(2).catch((error: unknown) => error);
    expect((wrong as ServiceError).problem.detail).toMatch(/asked for page 2, got page 1/);
  });
});

describe('AnswerMemory', () => {
  it('recalls only the same text at the same address', () => {
    const memory = new AnswerMemory<string>(100);
    memory.remember('a', 'text', 'read a');
    expect(memory.recall('a', 'text')).toBe('read a');
    expect(memory.recall('a', 'other text')).toBeUndefined();
    expect(memory.recall('b', 'text')).toBeUndefined();
  });

  it('holds at most its characters, dropping the least recently recalled first', () => {
    const memory = new AnswerMemory<string>(10);
    memory.remember('a', 'aaaa', 'A');
    memory.remember('b', 'bbbb', 'B');
    expect(memory.recall('a', 'aaaa')).toBe('A'); // a is now the most recent
    memory.remember('c', 'cccc', 'C'); // 12 characters: b goes
    expect(memory.chars).toBe(8);
    expect(memory.recall('b', 'bbbb')).toBeUndefined();
    expect(memory.recall('a', 'aaaa')).toBe('A');
    expect(memory.recall('c', 'cccc')).toBe('C');
  });

  it('keeps no text larger than all it may hold, and forgets what it is told to', () => {
    const memory = new AnswerMemory<string>(4);
    memory.remember('a', 'aaaaa', 'A');
    expect(memory.chars).toBe(0);
    memory.remember('b', 'bb', 'B');
    memory.remember('b', 'bbb', 'B2'); // replaces, not adds
    expect(memory.chars).toBe(3);
    memory.forget('b');
    expect(memory.chars).toBe(0);
    expect(memory.recall('b', 'bbb')).toBeUndefined();
  });
});
