// An area's JSON calls in one shape: each answer is parsed with the schema the caller names (a zod schema
// or anything with `parse`), so an answer of the wrong shape throws instead of flowing on. Refusals stay
// ApiErrors (from the HTTP client).
import type { AxiosInstance, AxiosRequestConfig } from 'axios';

/** what reads an answer: a zod schema, or anything else with `parse` */
export interface AnswerParser<T> {
  parse(data: unknown): T;
}

export interface JsonApi {
  get<T>(url: string, answer: AnswerParser<T>, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body: unknown, answer: AnswerParser<T>): Promise<T>;
  put<T>(url: string, body: unknown, answer: AnswerParser<T>): Promise<T>;
  patch<T>(url: string, body: unknown, answer: AnswerParser<T>): Promise<T>;
  delete<T>(url: string, answer: AnswerParser<T>): Promise<T>;
}

export function jsonApi(http: AxiosInstance): JsonApi {
  const read = async <T>(request: Promise<{ data: unknown }>, answer: AnswerParser<T>) => answer.parse((await request).data);
  return {
    get: (url, answer, config) => read(http.get<unknown>(url, config), answer),
    post: (url, body, answer) => read(http.post<unknown>(url, body), answer),
    put: (url, body, answer) => read(http.put<unknown>(url, body), answer),
    patch: (url, body, answer) => read(http.patch<unknown>(url, body), answer),
    delete: (url, answer) => read(http.delete<unknown>(url), answer),
  };
}
