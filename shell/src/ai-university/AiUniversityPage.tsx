// /ai-university: guides to each area of the studio, each leading to the place where it is done.
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { AgentIcon, BookIcon, ClockIcon, FlowIcon, MissionIcon, PagesIcon } from '../app/icons.js';
import { CardGrid } from '@accent/shared/ui';
import { Page } from '../app/Page.js';
import tiles from '../layout/Tiles.module.css';
import styles from './AiUniversityPage.module.css';

interface Guide {
  title: string;
  Icon: ComponentType<{ size?: number }>;
  steps: string[];
  to: string;
  action: string;
  external?: boolean;
}

export const GUIDES: Guide[] = [
  {
    title: 'Build your first agent',
    Icon: AgentIcon,
    steps: [
      'Create an agent from scratch or from a template.',
      'Write its prompt and system prompt, and add parameters.',
      'Add tools to a step, then use Test Agent to try it.',
      'Save: every save keeps a version you can go back to.',
    ],
    to: '/agents/new',
    action: 'Create an agent',
  },
  {
    title: 'Automate with flows',
    Icon: FlowIcon,
    steps: ['Start from a trigger: webhook, schedule, form submit or email.', 'Connect model, condition and action nodes.', 'Test the flow with a sample payload, then deploy it.'],
    to: '/flows',
    action: 'Open Flows',
  },
  {
    title: 'Schedule missions',
    Icon: MissionIcon,
    steps: ['Pick an agent and write the task.', 'Run it on demand, or daily, weekly or monthly.', 'Choose where the results are delivered.'],
    to: '/missions',
    action: 'Open Missions',
  },
  {
    title: 'Run background agents',
    Icon: ClockIcon,
    steps: ['Configure an agent that runs on its own schedule.', 'Set retries and delivery.', 'Follow its runs and success rate.'],
    to: '/background',
    action: 'Open Background Agents',
  },
  {
    title: 'Publish a Magic Page',
    Icon: PagesIcon,
    steps: ['Start from a template or a blank page.', 'Drag blocks such as chat, CRM data and action buttons onto the canvas.', 'Publish it at its own link.'],
    to: '/pages/builder',
    action: 'Open the page builder',
  },
  {
    title: 'Use the API',
    Icon: BookIcon,
    steps: ['Every action in the studio is an API call.', 'The reference lists each endpoint with its schema.', 'Call it with the same token the studio uses.'],
    to: '/api/docs',
    action: 'Open the API reference',
    external: true,
  },
];

export default function AiUniversityPage() {
  return (
    <Page title="AI University" description="Step-by-step guides to building with Accent Studio. Each guide takes you to the place where the work is done.">
      <CardGrid label="Guides">
        {GUIDES.map(({ title, Icon, steps, to, action, external }) => (
          <li key={title} className={`${tiles.tile} ${tiles.column}`}>
            <div className={styles.head}>
              <span className={tiles.icon}>
                <Icon size={22} />
              </span>
              <h2 className={styles.title}>{title}</h2>
            </div>
            <ol className={styles.steps}>
              {steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            {external ? (
              <a href={to} className={styles.action}>
                {action} →
              </a>
            ) : (
              <Link to={to} className={styles.action}>
                {action} →
              </Link>
            )}
          </li>
        ))}
      </CardGrid>
    </Page>
  );
}
