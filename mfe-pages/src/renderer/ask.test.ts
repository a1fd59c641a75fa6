import { describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '@accent/shared/client';
import { studioAsk, type StudioInvoke } from './ask.js';

const options = () => ({ threadId: 't1', signal: new AbortController().signal, onText: () => undefined });

describe('studioAsk', () => {
  it("shows the server's reason for a refused run, not the status line", async () => {
    const invoke = jest.fn<StudioInvoke>().mockRejectedValue(
      new ApiError(424, 'Failed Dependency', 'No API key for Anthropic: an administrator sets it in Admin → Model providers.', 'HTTP 424: Failed Dependency'),
    );
    await expect(studioAsk(invoke, 'Claude agent', [])('Hi', options())).rejects.toThrow('No API key for Anthropic: an administrator sets it in Admin → Model providers.');
  });

  it('keeps an error without a reason as it is, and answers with the output', async () => {
    const offline = new Error('Failed to fetch');
    await expect(studioAsk(jest.fn<StudioInvoke>().mockRejectedValue(offline), 'A', [])('Hi', options())).rejects.toBe(offline);
    await expect(studioAsk(jest.fn<StudioInvoke>().mockResolvedValue({ output: 'Hello' }), 'A', [])('Hi', options())).resolves.toBe('Hello');
  });
});
