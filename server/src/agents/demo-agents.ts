// Demo agents for presentation mode (spec 01 §4): shown on the dashboard next to the library's own
// agents when the experimentalProjects admin setting is on. Plain data; not stored in the library.
import type { AgentSaveRequest } from '@accent/agents-common';
import { oneStepAgent, presetModel as model } from './presets.js';

export const DEMO_AGENTS: AgentSaveRequest[] = [
  {
    name: 'Campaign Copywriter',
    description: 'Writes on-brand campaign copy for email, social and landing pages from a short brief.',
    query: 'Write campaign copy for {{product}} aimed at {{audience}}.',
    params: { product: 'Accent Studio', audience: 'operations leaders' },
    flow_type: 'dynamic',
    steps: [
      {
        name: 'Messaging',
        query: 'Draft three key messages for {{product}} for {{audience}}.',
        system: ['You are a senior marketing copywriter.', 'Keep every message under 25 words.'],
        model: model('openai', 'gpt-4o', 0.8),
        tools: ['internal knowledge base search'],
        include_in_output: false,
      },
      {
        name: 'Copy',
        query: 'Using these messages:\n{{steps.Messaging}}\n\nWrite an email subject line, a LinkedIn post and a landing page hero.',
        system: ['You are a senior marketing copywriter.'],
        model: model('openai', 'gpt-4o', 0.7),
        tools: [],
        include_in_output: true,
      },
    ],
  },
  oneStepAgent(
    {
      name: 'Pipeline Forecaster',
      description: 'Reviews open deals in the CRM pipeline and forecasts the quarter with risks and next steps.',
      query: 'Forecast this quarter for {{region}}.',
      params: { region: 'EMEA' },
      flow_type: 'supervisor',
    },
    {
      name: 'Forecast',
      query: 'List the open opportunities for {{region}} and forecast commit, best case and risks.',
      system: ['You are a sales operations analyst.', 'Use the CRM data; say when data is missing.'],
      model: model('anthropic', 'claude-3.5-sonnet', 0.2),
      tools: ['Salesforce API', 'HubSpot API'],
    },
  ),
  oneStepAgent(
    {
      name: 'Competitive Intel Analyst',
      description: 'Researches a competitor and summarises positioning, pricing and recent news into a brief.',
      query: 'Brief me on {{competitor}}.',
      params: { competitor: '' },
      flow_type: 'dynamic',
    },
    {
      name: 'Research',
      query: 'Research {{competitor}}: positioning, pricing, recent news.',
      system: ['You are a competitive intelligence analyst.', 'Cite your sources.'],
      model: model('google', 'gemini-pro', 0.3),
      tools: ['Google Search'],
    },
  ),
  oneStepAgent(
    {
      name: 'Customer Onboarding Guide',
      description: 'Walks new customers through setup, answers onboarding questions from the help center and books a kickoff call.',
      query: '{{question}}',
      params: { question: '' },
      flow_type: 'supervisor',
    },
    {
      name: 'Guide',
      query: 'Customer question: {{query}}',
      system: ['You are a friendly onboarding specialist.', 'Answer from the knowledge base and offer to book a kickoff call.'],
      model: model('openai', 'gpt-4o-mini', 0.4),
      tools: ['internal knowledge base search', 'Create Quick Event'],
    },
  ),
];
