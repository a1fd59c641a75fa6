// Starter agents seeded into a new embedded database, so the dashboard shows real, editable agents.
// Each step prompt places the run's question ({{query}}); the agent's query (from its params) is the
// question when a run asks none.
import type { AgentSaveRequest } from '@accent/agents-common';
import { oneStepAgent, presetModel } from './presets.js';

export const STARTER_AGENTS: AgentSaveRequest[] = [
  oneStepAgent(
    {
      name: 'Lead Qualifier',
      description: 'Scores an inbound lead against the ideal customer profile and recommends the next sales step.',
      category: 'Sales',
      avatar: '🎯',
      status: 'Active',
      flow_type: 'supervisor',
      query: 'Qualify this lead: {{lead}}',
      params: { lead: '', ideal_customer_profile: 'B2B companies with 200-5000 employees in technology, finance or healthcare' },
    },
    {
      name: 'Qualify lead',
      query: 'Lead to qualify:\n{{query}}\n\nIdeal customer profile: {{ideal_customer_profile}}',
      system: [
        'You are a sales development representative qualifying inbound leads.',
        'Score the lead from 0 to 100 using budget, authority, need and timing (BANT).',
        'Answer with the score, one line per BANT criterion, and the recommended next step.',
      ],
      model: presetModel('openai', 'gpt-4o-mini', 0.2, { max_tokens: 800 }),
      tools: ['Salesforce API'],
      enable_multimodal_input: false,
    },
  ),
  oneStepAgent(
    {
      name: 'Market Researcher',
      description: 'Researches a market or competitor and summarises size, trends, key players and opportunities.',
      category: 'Research',
      avatar: '🔍',
      status: 'Active',
      flow_type: 'dynamic',
      query: 'Research {{topic}}',
      params: { topic: '', region: 'North America' },
    },
    {
      name: 'Research and summarise',
      query: '{{query}}\n\nFocus on the {{region}} market.',
      system: [
        'You are a market research analyst.',
        'Cover market size, growth trends, the main players and their positioning, and open opportunities.',
        'Cite the sources you used and say when a figure is an estimate.',
      ],
      model: presetModel('openai', 'gpt-4o', 0.4, { timeout: 60, max_tokens: 1500 }),
      tools: ['Google Search', 'internal knowledge base search'],
      enable_multimodal_input: false,
    },
  ),
  oneStepAgent(
    {
      name: 'Support Assistant',
      description: 'Answers customer support questions from the knowledge base and drafts a reply for the agent to send.',
      category: 'Support',
      avatar: '💡',
      status: 'Active',
      flow_type: 'supervisor',
      query: '{{question}}',
      params: { question: '', tone: 'friendly and concise' },
    },
    {
      name: 'Answer from knowledge base',
      query: 'Customer question: {{query}}\nTone: {{tone}}',
      system: [
        'You are a customer support specialist.',
        'Answer only from the knowledge base results; if they do not cover the question, say so and suggest escalating.',
        'End with a ready-to-send reply to the customer.',
      ],
      model: presetModel('anthropic', 'claude-3.5-sonnet', 0.3),
      tools: ['internal knowledge base search', 'Create Draft Email'],
      enable_multimodal_input: false,
    },
  ),
];
