// The 15 sample flows inserted when the stored list is empty (spec 02 §2.1, §9): each a small, valid
// graph (one trigger, no cycle, condition edges leaving from true or false).
import {
  FLOW_AUTHOR,
  FLOW_DEFAULT_VIEWPORT,
  FLOW_SAMPLE_COUNT,
  newFlowEdge,
  newFlowNode,
  type Flow,
  type FlowNode,
  type FlowNodeType,
  type FlowStatus,
} from '@accent/flows-common';

interface Step {
  type: FlowNodeType;
  subtype: string;
  label: string;
  data?: Record<string, unknown>;
}

interface Sample {
  name: string;
  description: string;
  status: FlowStatus;
  tags: string[];
  steps: Step[];
  /** a condition step index: its true branch goes to the next step, its false branch to the one after */
  branchAt?: number;
}

const SAMPLES: Sample[] = [
  { name: 'Lead Qualification Pipeline', description: 'Scores inbound leads with AI and routes hot leads to the sales channel.', status: 'inactive', tags: ['sales', 'leads'], branchAt: 2,
    steps: [{ type: 'trigger', subtype: 'form', label: 'Lead Form' }, { type: 'llm', subtype: 'openai', label: 'Score Lead', data: { prompt: 'Score this lead from 0 to 100 and explain why: {{payload}}' } }, { type: 'condition', subtype: 'if_else', label: 'Hot Lead?', data: { conditionType: 'greater_than', field: 'last.score', value: '70' } }, { type: 'action', subtype: 'slack', label: 'Notify Sales' }, { type: 'action', subtype: 'database', label: 'Store Lead', data: { table: 'leads' } }] },
  { name: 'Competitor News Digest', description: 'Collects competitor news every morning and summarises what changed.', status: 'inactive', tags: ['research', 'competitive'],
    steps: [{ type: 'trigger', subtype: 'schedule', label: 'Every Morning', data: { config: { cron: '0 8 * * 1-5', timezone: 'UTC' } } }, { type: 'action', subtype: 'http', label: 'Fetch News' }, { type: 'llm', subtype: 'openai', label: 'Summarise', data: { prompt: 'Summarise the competitor news below in five bullet points.' } }, { type: 'action', subtype: 'email', label: 'Email Digest', data: { subject: 'Competitor digest' } }] },
  { name: 'Social Post Generator', description: 'Turns a product update into posts for LinkedIn and X.', status: 'draft', tags: ['marketing', 'content'],
    steps: [{ type: 'trigger', subtype: 'webhook', label: 'Product Update' }, { type: 'llm', subtype: 'openai', label: 'Write Posts', data: { prompt: 'Write a LinkedIn post and a short X post about: {{payload.update}}' } }, { type: 'action', subtype: 'slack', label: 'Send for Review' }] },
  { name: 'Customer Feedback Triage', description: 'Analyses sentiment of feedback and escalates negative comments.', status: 'inactive', tags: ['support', 'sentiment'], branchAt: 2,
    steps: [{ type: 'trigger', subtype: 'form', label: 'Feedback Form' }, { type: 'llm', subtype: 'analysis', label: 'Sentiment', data: { analysisType: 'sentiment' } }, { type: 'condition', subtype: 'if_else', label: 'Negative?', data: { conditionType: 'equals', field: 'last.sentiment', value: 'negative' } }, { type: 'action', subtype: 'email', label: 'Escalate' }, { type: 'action', subtype: 'database', label: 'Archive', data: { table: 'feedback' } }] },
  { name: 'Meeting Notes Summariser', description: 'Summarises meeting transcripts into decisions and action items.', status: 'inactive', tags: ['productivity', 'sales'],
    steps: [{ type: 'trigger', subtype: 'email', label: 'Transcript Email' }, { type: 'llm', subtype: 'openai', label: 'Summarise Meeting', data: { prompt: 'List decisions and action items with owners from this transcript.' } }, { type: 'action', subtype: 'email', label: 'Send Summary' }] },
  { name: 'Market Research Brief', description: 'Researches a market segment and drafts a one-page brief.', status: 'draft', tags: ['research', 'strategy'],
    steps: [{ type: 'trigger', subtype: 'webhook', label: 'Research Request' }, { type: 'action', subtype: 'api', label: 'Query Data Provider' }, { type: 'llm', subtype: 'openai', label: 'Draft Brief', data: { prompt: 'Draft a one-page market brief for {{payload.segment}}.' } }, { type: 'action', subtype: 'database', label: 'Save Brief', data: { table: 'briefs' } }] },
  { name: 'Email Campaign Personaliser', description: 'Personalises campaign emails for each contact segment.', status: 'inactive', tags: ['marketing', 'email'],
    steps: [{ type: 'trigger', subtype: 'schedule', label: 'Weekly Campaign', data: { config: { cron: '0 9 * * 1', timezone: 'UTC' } } }, { type: 'llm', subtype: 'openai', label: 'Personalise Copy', data: { prompt: 'Rewrite the campaign email for a {{payload.segment}} audience.' } }, { type: 'action', subtype: 'email', label: 'Send Campaign' }] },
  { name: 'Support Ticket Router', description: 'Classifies incoming tickets and routes them to the right queue.', status: 'inactive', tags: ['support', 'routing'],
    steps: [{ type: 'trigger', subtype: 'email', label: 'Support Inbox' }, { type: 'llm', subtype: 'analysis', label: 'Extract Keywords', data: { analysisType: 'keywords' } }, { type: 'condition', subtype: 'switch', label: 'Route by Topic', data: { field: 'last.topic', cases: [{ value: 'billing', handle: 'billing' }] } }, { type: 'action', subtype: 'slack', label: 'Post to Queue' }] },
  { name: 'Deal Risk Monitor', description: 'Flags deals at risk from CRM activity and alerts account owners.', status: 'inactive', tags: ['sales', 'crm'], branchAt: 2,
    steps: [{ type: 'trigger', subtype: 'schedule', label: 'Daily Check', data: { config: { cron: '0 7 * * *', timezone: 'UTC' } } }, { type: 'action', subtype: 'api', label: 'Load Deals' }, { type: 'condition', subtype: 'if_else', label: 'At Risk?', data: { conditionType: 'contains', field: 'last.body', value: 'stalled' } }, { type: 'action', subtype: 'slack', label: 'Alert Owner' }, { type: 'action', subtype: 'database', label: 'Log Check', data: { table: 'deal_checks' } }] },
  { name: 'Blog Outline Writer', description: 'Creates SEO-friendly blog outlines from a keyword.', status: 'draft', tags: ['marketing', 'seo'],
    steps: [{ type: 'trigger', subtype: 'form', label: 'Keyword Form' }, { type: 'llm', subtype: 'openai', label: 'Outline', data: { prompt: 'Write an SEO blog outline for the keyword {{payload.keyword}}.' } }, { type: 'action', subtype: 'database', label: 'Save Outline', data: { table: 'outlines' } }] },
  { name: 'Account Research Assistant', description: 'Builds an account profile before a sales call.', status: 'inactive', tags: ['sales', 'research'],
    steps: [{ type: 'trigger', subtype: 'webhook', label: 'Call Booked' }, { type: 'action', subtype: 'http', label: 'Company Lookup' }, { type: 'llm', subtype: 'openai', label: 'Account Profile', data: { prompt: 'Write an account profile with priorities and talking points.' } }, { type: 'action', subtype: 'email', label: 'Send to Rep' }] },
  { name: 'Review Response Drafter', description: 'Drafts replies to new product reviews for approval.', status: 'inactive', tags: ['marketing', 'reputation'],
    steps: [{ type: 'trigger', subtype: 'webhook', label: 'New Review' }, { type: 'llm', subtype: 'analysis', label: 'Review Sentiment', data: { analysisType: 'both' } }, { type: 'llm', subtype: 'openai', label: 'Draft Reply', data: { prompt: 'Draft a courteous reply to this review.' } }, { type: 'action', subtype: 'slack', label: 'Request Approval' }] },
  { name: 'Weekly Pipeline Report', description: 'Summarises pipeline movement for the sales leadership team.', status: 'inactive', tags: ['sales', 'reporting'],
    steps: [{ type: 'trigger', subtype: 'schedule', label: 'Friday Afternoon', data: { config: { cron: '0 16 * * 5', timezone: 'UTC' } } }, { type: 'action', subtype: 'database', label: 'Read Pipeline', data: { table: 'pipeline' } }, { type: 'llm', subtype: 'openai', label: 'Write Report', data: { prompt: 'Summarise the pipeline changes of the week.' } }, { type: 'action', subtype: 'email', label: 'Email Leadership' }] },
  { name: 'Event Follow-up Sequencer', description: 'Sends tailored follow-ups to contacts met at events.', status: 'draft', tags: ['marketing', 'events'],
    steps: [{ type: 'trigger', subtype: 'form', label: 'Badge Scan' }, { type: 'llm', subtype: 'openai', label: 'Follow-up Email', data: { prompt: 'Write a follow-up email referencing our conversation at {{payload.event}}.' } }, { type: 'action', subtype: 'email', label: 'Send Follow-up' }] },
  { name: 'Trend Scout', description: 'Scans industry sources for emerging trends and keywords.', status: 'inactive', tags: ['research', 'trends'],
    steps: [{ type: 'trigger', subtype: 'schedule', label: 'Twice a Week', data: { config: { cron: '0 10 * * 2,4', timezone: 'UTC' } } }, { type: 'action', subtype: 'http', label: 'Fetch Sources' }, { type: 'llm', subtype: 'analysis', label: 'Keywords', data: { analysisType: 'keywords' } }, { type: 'action', subtype: 'slack', label: 'Share Trends' }] },
];

function nodeFor(step: Step, index: number): FlowNode {
  const node = newFlowNode({ id: `${step.type}-${index + 1}`, type: step.type, subtype: step.subtype, label: step.label, position: { x: 100 + index * 260, y: 100 } });
  return { ...node, data: { ...node.data, ...step.data } } as FlowNode;
}

/** The sample flows, with fresh ids and timestamps. */
export function sampleFlows(newId: () => string, now: Date = new Date()): Flow[] {
  const samples = SAMPLES.slice(0, FLOW_SAMPLE_COUNT);
  return samples.map((sample, i) => {
    const nodes = sample.steps.map(nodeFor);
    const edges = [];
    for (let s = 0; s < nodes.length - 1; s++) {
      const from = nodes[s]!;
      if (sample.branchAt === s) {
        nodes[s + 2]!.position = { x: from.position.x + 260, y: 260 };
        edges.push(newFlowEdge({ source: from.id, target: nodes[s + 1]!.id, sourceHandle: 'true' }));
        edges.push(newFlowEdge({ source: from.id, target: nodes[s + 2]!.id, sourceHandle: 'false' }));
        break;
      }
      const sourceHandle = from.type === 'condition' && from.data.subtype === 'switch' ? 'default' : null;
      edges.push(newFlowEdge({ source: from.id, target: nodes[s + 1]!.id, sourceHandle }));
    }
    const stamp = new Date(now.getTime() - i * 60_000).toISOString();
    return {
      id: newId(),
      name: sample.name,
      description: sample.description,
      status: sample.status,
      createdAt: stamp,
      updatedAt: stamp,
      nodeCount: nodes.length,
      executionCount: 0,
      successRate: 0,
      tags: sample.tags,
      author: FLOW_AUTHOR,
      flowData: { nodes, edges, viewport: { ...FLOW_DEFAULT_VIEWPORT } },
    };
  });
}
