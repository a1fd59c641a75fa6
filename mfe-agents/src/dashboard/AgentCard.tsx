import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { Agent } from '@accent/agents-common';
import { ActionsMenu } from '@accent/shared/ui';
import { PartnerIcons } from '../partners/PartnerIcons.js';
import styles from './AgentCard.module.css';

export const UNSAVED_COPY_BADGE = 'Unsaved copy';
export const DEMO_CARD_BADGE = 'Demo';

/** "View Missions", with the agent's mission count once it is known: "View Missions (3)". */
export const viewMissionsLabel = (count?: number) => (count == null ? 'View Missions' : `View Missions (${count})`);

/** Whether the element's text is cut (its one line is wider than the box), measured again on resize. */
function useIsCut(ref: RefObject<HTMLElement | null>, text: string): boolean {
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the text changes
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) setCut(el.scrollWidth > el.clientWidth);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, text]);
  return cut;
}

export interface AgentCardProps {
  agent: Agent;
  /** missions of this agent the user can see; undefined while unknown */
  missionCount?: number;
  canEdit: boolean;
  onOpen(agent: Agent): void;
  onViewMissions(agent: Agent): void;
  onDuplicate(agent: Agent): void;
  onDelete(agent: Agent): void;
}

export function AgentCard({ agent, missionCount, canEdit, onOpen, onViewMissions, onDuplicate, onDelete }: AgentCardProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const nameRef = useRef<HTMLHeadingElement>(null);
  const nameCut = useIsCut(nameRef, agent.name);

  // The whole card opens the editor, except clicks on its menu (also when the menu renders in a portal).
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const target = e.target as Node;
    if (!e.currentTarget.contains(target) || menuRef.current?.contains(target)) return;
    onOpen(agent);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(agent);
    }
  };

  const items = [
    { label: viewMissionsLabel(missionCount), onSelect: () => onViewMissions(agent), disabled: Boolean(agent.localOnly) },
    ...(canEdit
      ? [
          { label: 'Duplicate', onSelect: () => onDuplicate(agent) },
          { label: 'Delete', onSelect: () => onDelete(agent), danger: true },
        ]
      : []),
  ];

  return (
    <article
      className={`${styles.card} ${agent.localOnly ? styles.local : ''} ${agent.demo ? styles.demo : ''}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the whole card opens the agent (click or Enter) and stays an article for reading
      tabIndex={0}
      aria-labelledby={headingId}
      aria-roledescription="agent card"
      data-agent={agent.name}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <header className={styles.header}>
        <span className={styles.avatar} aria-hidden="true">
          {agent.avatar}
        </span>
        <div className={styles.titleBox}>
          <h3 ref={nameRef} className={styles.name} id={headingId} title={agent.name}>
            {agent.name}
          </h3>
          {/* A long name is cut to one line: the whole of it shows over it while the card is hovered or has
              keyboard focus (the title only helps the mouse). Hidden from assistive technology, which reads
              the heading's full text as the card's name. */}
          {nameCut && (
            <span className={styles.fullName} aria-hidden="true" data-testid="agent-full-name">
              {agent.name}
            </span>
          )}
          {agent.localOnly && <span className={styles.badge}>{UNSAVED_COPY_BADGE}</span>}
          {agent.demo && <span className={styles.demoBadge}>{DEMO_CARD_BADGE}</span>}
        </div>
        {/* demo agents are read-only: no missions, no duplicate, no delete */}
        {!agent.demo && (
          <div className={styles.menu} ref={menuRef}>
            <ActionsMenu name={agent.name} items={items} />
          </div>
        )}
      </header>
      <p className={styles.description}>{agent.description || 'No description'}</p>
      <footer className={styles.footer}>
        <span className={styles.tag}>{agent.category}</span>
        <PartnerIcons partners={agent.partnerIcons ?? []} />
        {agent.rating != null && (
          <span className={styles.rating}>
            <span aria-hidden="true">★</span>
            <span className={styles.visuallyHidden}>Rating</span> {agent.rating.toFixed(1)}
          </span>
        )}
        {agent.usage && <span className={styles.usage}>{agent.usage}</span>}
      </footer>
    </article>
  );
}
