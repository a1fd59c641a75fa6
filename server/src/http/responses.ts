import { z } from 'zod';

/** `{status: 'success'}`: the answer of operations that return nothing else (spec 01 §7). */
export const successResponseSchema = z.object({ status: z.literal('success') });
