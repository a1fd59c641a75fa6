// Trigger (webhook, schedule, form, email): the start of a run; it passes the run's payload on.
import type { NodeExecutor, NodeOf } from './types.js';

export const runTrigger: NodeExecutor<NodeOf<'trigger'>> = ({ input }) => ({ output: input.payload });
