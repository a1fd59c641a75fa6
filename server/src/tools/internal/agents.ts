// Ask Agent and Run Agent Command: run another agent of the same library with the runtime. The callee
// is checked like any run (access, rate limit) and recorded with source 'agent'.
import { z } from 'zod';
import { defineTool } from '../types.js';

export const askAgent = defineTool({
  name: 'Ask Agent',
  id: 'ask_agent',
  description: 'Ask another agent of this library a question and get its answer.',
  inputSchema: z.object({
    agent: z.string().min(1).max(200).describe('The name of the agent to ask'),
    question: z.string().min(1).max(100_000),
  }),
  async execute({ agent, question }, ctx) {
    const { output, runId } = await ctx.runAgent({ agentName: agent, query: question, params: {} });
    return { agent, answer: output, run_id: runId };
  },
});

export const runAgentCommand = defineTool({
  name: 'Run Agent Command',
  id: 'run_agent_command',
  description: "Run another agent of this library with a command and values for its parameters; returns the agent's output.",
  inputSchema: z.object({
    agent: z.string().min(1).max(200).describe('The name of the agent to run'),
    command: z.string().max(100_000).describe("The instruction (the agent's query)"),
    params: z.record(z.string().max(100), z.string().max(100_000)).optional().describe("Values of the agent's parameters"),
  }),
  async execute({ agent, command, params }, ctx) {
    const { output, runId } = await ctx.runAgent({ agentName: agent, query: command, params: params ?? {} });
    return { agent, output, run_id: runId };
  },
});
