// Starting points offered by the create-agent modal. Each opens the editor prefilled (/agents/new?template=<id>);
// nothing is saved until the user saves. The first step's prompt places the question ({{query}}: what the
// person asks, else the agent's query built from its params); a step that does not gets the question as
// the user's message (server/README.md, "What the model is sent").
import { newAgent, newStep, type Agent, type AgentCategory, type Step } from '@accent/agents-common';

export interface AgentTemplate {
  id: 'task' | 'researcher' | 'marketer' | 'email-writer';
  label: string;
  summary: string;
  avatar: string;
  build(): Agent;
}

function step(index: number, fields: Partial<Omit<Step, 'model'>> & { model?: Partial<Step['model']> }): Step {
  const base = newStep(index);
  return { ...base, ...fields, model: { ...base.model, ...fields.model } };
}

function agent(fields: Partial<Agent> & { category: AgentCategory }): Agent {
  const tools = [...new Set([...(fields.tools ?? []), ...(fields.steps ?? []).flatMap((s) => s.tools)])];
  return { ...newAgent(), ...fields, tools };
}

export const AGENT_TEMPLATES: readonly AgentTemplate[] = [
  {
    id: 'task',
    label: 'Task',
    summary: 'Carries out one clearly described task and reports the result.',
    avatar: '🎯',
    build: () =>
      agent({
        name: 'Task Agent',
        description: 'Carries out a single, clearly described task and reports the result in a short, structured answer.',
        category: 'Support',
        avatar: '🎯',
        flow_type: 'supervisor',
        query: 'Complete this task: {{task}}',
        params: { task: '', context: '' },
        steps: [
          step(0, {
            name: 'Complete the task',
            query: 'Task: {{query}}\n\nContext: {{context}}\n\nComplete the task and report what you did.',
            system: [
              'You are a dependable assistant that completes one task at a time.',
              'Follow the instructions exactly and ask for missing information instead of guessing.',
              'Answer with a short summary first, then the details as a bulleted list.',
            ],
            model: { temperature: 0.3 },
          }),
        ],
      }),
  },
  {
    id: 'researcher',
    label: 'Researcher',
    summary: 'Searches the web and your knowledge base, then writes a sourced brief.',
    avatar: '🔍',
    build: () =>
      agent({
        name: 'Research Agent',
        description: 'Researches a topic on the web and in the internal knowledge base and writes a concise, sourced brief.',
        category: 'Research',
        avatar: '🔍',
        flow_type: 'dynamic',
        query: 'Research {{topic}}',
        params: { topic: '', audience: 'sales team' },
        steps: [
          step(0, {
            name: 'Gather sources',
            query: 'Find the most relevant and recent sources for this request: {{query}}\n\nList each source with its key facts.',
            system: [
              'You are a meticulous research analyst.',
              'Prefer primary and recent sources; note the date of each fact.',
              'Never invent sources or figures.',
            ],
            tools: ['Google Search', 'internal knowledge base search'],
            include_in_output: false,
            model: { temperature: 0.2 },
          }),
          step(1, {
            name: 'Write the brief',
            query: 'Using the sources gathered, write a one-page brief for the {{audience}} on this request: {{query}}',
            system: [
              'Structure the brief as: summary, key findings, implications, sources.',
              'Cite the source of every finding.',
            ],
            model: { temperature: 0.4 },
          }),
        ],
      }),
  },
  {
    id: 'marketer',
    label: 'Marketer',
    summary: 'Positions a product for an audience and drafts campaign copy.',
    avatar: '📈',
    build: () =>
      agent({
        name: 'Marketing Agent',
        description: 'Turns a product and an audience into a clear positioning and ready-to-publish campaign copy.',
        category: 'Marketing',
        avatar: '📈',
        flow_type: 'dynamic',
        query: 'Create a campaign for {{product}} aimed at {{audience}}',
        params: { product: '', audience: '', channel: 'LinkedIn' },
        steps: [
          step(0, {
            name: 'Position the message',
            query: 'Campaign brief: {{query}}\n\nDescribe the main pain points of the audience and how the product addresses them. Propose three key messages.',
            system: ['You are a senior product marketer.', 'Be specific and benefit-led; avoid jargon and superlatives.'],
            include_in_output: false,
            model: { temperature: 0.7 },
          }),
          step(1, {
            name: 'Draft the campaign copy',
            query: 'Write campaign copy for {{channel}}: a headline, a short post and a call to action, based on the key messages.',
            system: ['Match the tone and length conventions of {{channel}}.', 'Offer two variants so they can be A/B tested.'],
            tools: ['LinkedIn API'],
            model: { temperature: 0.8 },
          }),
        ],
      }),
  },
  {
    id: 'email-writer',
    label: 'Email Writer',
    summary: 'Writes a personalised email and saves it as a draft.',
    avatar: '✉️',
    build: () =>
      agent({
        name: 'Email Writer',
        description: 'Writes personalised, professional emails to prospects and customers and saves them as drafts.',
        category: 'Sales',
        avatar: '✉️',
        flow_type: 'supervisor',
        query: 'Write an email to {{recipient}} about {{purpose}}',
        params: { recipient: '', purpose: '', tone: 'professional' },
        steps: [
          step(0, {
            name: 'Write the email',
            query: '{{query}}\n\nWrite it in a {{tone}} tone. Include a subject line.',
            system: [
              'You write concise business emails: a clear subject, at most three short paragraphs and one call to action.',
              'Personalise the opening with what is known about the recipient.',
              'Save the result as a draft email; never send it.',
            ],
            tools: ['Create Draft Email'],
            model: { temperature: 0.6 },
          }),
        ],
      }),
  },
];

export function findTemplate(id: string | null | undefined): AgentTemplate | undefined {
  return AGENT_TEMPLATES.find((t) => t.id === id);
}
