import { describe, expect, it } from 'vitest';
import { createInProcessBus, subjectMatches } from './bus';

describe('subjects', () => {
  it('when a pattern ends in >, then it matches one or more further tokens', () => {
    expect(subjectMatches('gains.identity.>', 'gains.identity.organisation.created.v1')).toBe(true);
    expect(subjectMatches('gains.identity.>', 'gains.identity')).toBe(false);
    expect(subjectMatches('gains.clients.>', 'gains.identity.organisation.created.v1')).toBe(false);
  });

  it('when a pattern has *, then it matches exactly one token', () => {
    expect(subjectMatches('gains.*.organisation.created.v1', 'gains.identity.organisation.created.v1')).toBe(true);
    expect(subjectMatches('gains.*.created.v1', 'gains.identity.organisation.created.v1')).toBe(false);
  });
});

describe('the in-process bus', () => {
  it('when an event is published, then only matching subscribers receive it', async () => {
    const bus = createInProcessBus();
    const got: string[] = [];
    await bus.subscribe('a', ['gains.identity.>'], async (es) => void got.push(...es.map((e) => `a:${e.subject}`)));
    await bus.subscribe('b', ['gains.clients.>'], async (es) => void got.push(...es.map((e) => `b:${e.subject}`)));
    await bus.publish([{ id: '1', subject: 'gains.identity.organisation.created.v1', payload: new Uint8Array() }]);
    expect(got).toEqual(['a:gains.identity.organisation.created.v1']);
  });
});
