// The `{detail}` body of every API error (spec 01 §7), plus a machine code, as the routes document it.
import type { ApiErrorBody } from '@accent/shared';
import { z } from 'zod';

export const apiErrorSchema = z.object({ detail: z.string(), code: z.string().optional() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameBody: Same<z.infer<typeof apiErrorSchema>, ApiErrorBody> = true;
void sameBody;
