import { newCase, parseParams, toBody } from './form.js';

describe('test set form', () => {
  it('reads params as name = value lines', () => {
    expect(parseParams('name = Ada\n\nbad line\ncity=Paris = France')).toEqual({ name: 'Ada', city: 'Paris = France' });
  });

  it('builds the body of every expectation kind', () => {
    const c = newCase();
    c.params = 'name = Ada';
    c.expectations = [
      { kind: 'contains', value: 'hello', flags: '', model: 'openai:gpt-4' },
      { kind: 'regex', value: '^Say', flags: 'i', model: 'openai:gpt-4' },
      { kind: 'json', value: '{"type":"object","required":["a"]}', flags: '', model: 'openai:gpt-4' },
      { kind: 'judge', value: 'Greets by name', flags: '', model: 'anthropic:claude-3-haiku' },
    ];
    const result = toBody('Greeter', 'Set', [c]);
    expect(result).toEqual({
      ok: true,
      body: {
        agent: 'Greeter',
        name: 'Set',
        cases: [
          {
            query: '',
            params: { name: 'Ada' },
            expectations: [
              { kind: 'contains', text: 'hello', ignore_case: true },
              { kind: 'regex', pattern: '^Say', flags: 'i' },
              { kind: 'json', shape: { type: 'object', required: ['a'] } },
              { kind: 'judge', rubric: 'Greets by name', provider: 'anthropic', model: 'claude-3-haiku' },
            ],
          },
        ],
      },
    });
  });

  it('names the case of the first problem', () => {
    const bad = newCase();
    bad.expectations = [{ kind: 'regex', value: '(open', flags: '', model: 'openai:gpt-4' }];
    const result = toBody('Greeter', 'Set', [newCase(), bad]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Case 1: Say which text the answer must contain/);
    const onlyBad = toBody('Greeter', 'Set', [bad]);
    expect(!onlyBad.ok && onlyBad.error).toMatch(/^Case 1: Not a valid regular expression/);
    expect(toBody('Greeter', '', [bad])).toEqual({ ok: false, error: 'Test set name is required' });
    const json = newCase();
    json.expectations = [{ kind: 'json', value: 'not json', flags: '', model: 'openai:gpt-4' }];
    expect(toBody('Greeter', 'Set', [json])).toEqual({ ok: false, error: 'Case 1: A JSON shape must be JSON like {"type": "object", "required": ["score"]}' });
  });
});
