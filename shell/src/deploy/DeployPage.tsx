// Agent Deployment: the agent type selection of spec 01 §2, six cards.
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@accent/agents-common';
import { Button, CardGrid } from '@accent/shared/ui';
import { AgentIcon, ArrowLeftIcon, ClockIcon, CodeIcon, FlowIcon, PagesIcon, SparkIcon } from '../app/icons.js';
import { showAlertSoon } from '../app/alert.js';
import { Page } from '../app/Page.js';
import { useAreaWarmer, useIdleWarmup } from '../remotes/prefetch.js';
import tiles from '../layout/Tiles.module.css';
import styles from './DeployPage.module.css';

export interface DeployCard {
  id: string;
  title: string;
  description: string;
  Icon: ComponentType<{ size?: number }>;
  /** where the card goes; absent = the Agentic alert */
  to?: string;
}

export const DEPLOY_CARDS: DeployCard[] = [
  { id: 'agents', title: 'Agents', description: 'Conversational agents with prompts, tools and multi-step reasoning.', Icon: AgentIcon, to: '/agents' },
  { id: 'workflow', title: 'Flows', description: 'Node-based workflows: triggers, models, conditions and actions.', Icon: FlowIcon, to: '/flows' },
  { id: 'agentic', title: 'Agentic', description: 'Autonomous agents that plan and carry out multi-step goals.', Icon: SparkIcon },
  { id: 'background', title: 'Background', description: 'Agents that run on a schedule and deliver their results.', Icon: ClockIcon, to: '/background' },
  { id: 'page', title: 'Page', description: 'An interactive assistant page built from blocks and published at a link.', Icon: PagesIcon, to: '/pages/builder' },
  { id: 'custom', title: 'Custom', description: 'Start from a blank canvas and design your own experience.', Icon: CodeIcon, to: '/pages/builder' },
];

const CARD_TARGETS = DEPLOY_CARDS.flatMap((card) => (card.to ? [card.to] : []));

export default function DeployPage() {
  const navigate = useNavigate();
  // the areas the cards open, warmed like the sidebar's: when idle, and when a card is pointed at or focused
  useIdleWarmup(CARD_TARGETS);
  const warm = useAreaWarmer();

  const open = (card: DeployCard) => {
    if (card.to) navigate(card.to);
    else showAlertSoon(MESSAGES.agenticAlert);
  };

  return (
    <Page
      title="Agent Deployment"
      description="Choose what you want to build and deploy."
      before={
        <Button variant="ghost" size="sm" onClick={() => navigate('/home')}>
          <ArrowLeftIcon size={16} /> Back to Home
        </Button>
      }
    >
      <CardGrid label="Agent Deployment">
        {DEPLOY_CARDS.map((card) => (
          <li key={card.id}>
            <button
              type="button"
              className={`${tiles.tile} ${tiles.column} ${tiles.link} ${styles.card}`}
              data-card-id={card.id}
              // named by everything it shows, title first (WCAG 2.5.3: the name contains the visible text)
              aria-labelledby={`deploy-${card.id}-title deploy-${card.id}-description`}
              onClick={() => open(card)}
              onPointerEnter={card.to ? () => void warm(card.to as string) : undefined}
              onFocus={card.to ? () => void warm(card.to as string) : undefined}
            >
              <span className={`${tiles.icon} ${styles.icon} ${styles[`icon_${card.id}`] ?? ''}`}>
                <card.Icon size={26} />
              </span>
              <span className={styles.title} id={`deploy-${card.id}-title`}>
                {card.title}
              </span>{' '}
              <span className={styles.description} id={`deploy-${card.id}-description`}>
                {card.description}
              </span>
            </button>
          </li>
        ))}
      </CardGrid>
    </Page>
  );
}
