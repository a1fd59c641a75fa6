import { describe, expect, it } from '@jest/globals';
import { ApiError } from './http.js';
import { errorDetail, errorMessage } from './error-text.js';

describe('errorMessage and errorDetail', () => {
  it("say the error's message, a thrown string, else the fallback", () => {
    expect(errorMessage(new Error('Network down'))).toBe('Network down');
    expect(errorMessage('Timed out')).toBe('Timed out');
    expect(errorMessage(undefined)).toBe('Request failed');
    expect(errorMessage(new Error(''), 'Could not save')).toBe('Could not save');
  });

  it("prefer the server's detail to the message", () => {
    const refused = new ApiError(409, 'Conflict', 'A page with that slug exists.');
    expect(errorDetail(refused)).toBe('A page with that slug exists.');
    expect(errorMessage(refused)).not.toBe('A page with that slug exists.');
    expect(errorDetail(Object.assign(new Error('HTTP 500'), { detail: '  ' }))).toBe('HTTP 500');
    expect(errorDetail(null, 'Could not load')).toBe('Could not load');
  });
});
