// The demo library's knowledge base, seeded with the demo data so "internal knowledge base search"
// (and the Support Assistant) has real documents to find.

export const KNOWLEDGE_BASE_FOLDER = '/Knowledge Base';

export const KNOWLEDGE_BASE_DOCUMENTS: { name: string; content: string }[] = [
  {
    name: 'Product overview.md',
    content: `# Accent Studio — product overview

Accent Studio is an enterprise AI studio for building, testing and deploying AI agents without writing code.

## What teams build with it
- **Agents**: multi-step workflows (dynamic) or single-step assistants (supervisor). Each step has its own prompt, system prompt, model (OpenAI, Anthropic, Google, Azure OpenAI or a local model server) and tools.
- **Missions**: agents that run on a schedule (daily, weekly, monthly) and deliver their results by email, Slack or webhook.
- **Flows**: visual automations that chain triggers, model calls, conditions and actions.
- **Pages**: chatbots and landing pages that put an agent in front of customers.

## Tools and integrations
Agents can search the internal knowledge base, read and create documents, draft emails, build presentations and calendar events, and call Google Search, SerpApi, SendGrid, HubSpot, Salesforce, LinkedIn and Slack once an administrator connects them.

## Security
Single sign-on per environment, roles (administrator, builder, end user), per-agent access permissions and rate limits, encrypted credentials, and a recorded trace of every run.`,
  },
  {
    name: 'Pricing.md',
    content: `# Pricing

All plans are billed per workspace, monthly or annually (annual billing saves 20%).

| Plan | Price | Included |
|---|---|---|
| Starter | $49 per month | 3 builders, 10 agents, 5,000 agent runs per month, community support |
| Team | $399 per month | 15 builders, unlimited agents, 50,000 runs per month, missions and flows, email support |
| Enterprise | custom pricing | unlimited builders and runs, SSO/SAML, audit logs, dedicated success manager, 99.9% uptime SLA |

Model usage is billed by the model providers directly: customers bring their own OpenAI, Anthropic, Google or Azure keys.

Additional runs cost $10 per 1,000 runs on Starter and Team. Nonprofits and schools get 50% off the Team plan. A 14-day free trial of the Team plan needs no credit card.`,
  },
  {
    name: 'Support policy.md',
    content: `# Support policy

## Channels and hours
Support is available by email (support@accent.ai) and in-app chat, Monday to Friday, 8:00–18:00 in the customer's region. Enterprise customers also get a 24/7 phone line for severity 1 incidents.

## Response times
| Severity | Description | First response (Team) | First response (Enterprise) |
|---|---|---|---|
| 1 — critical | production down, no workaround | 4 business hours | 1 hour, 24/7 |
| 2 — high | a major feature is impaired | 1 business day | 4 hours |
| 3 — normal | questions, minor issues | 2 business days | 1 business day |

Starter customers are supported through the community forum and the help center.

## Refunds and cancellations
Monthly plans can be cancelled at any time and stay active until the end of the paid month. Annual plans can be refunded pro rata within the first 30 days.

## Escalation
If an answer does not solve the problem, customers can ask for escalation; a support engineer reviews the case within one business day.`,
  },
];
