// The landing page's copy, in one place. Figures come from LANDING_FIGURES (spec 01 §9).
import { LANDING_FIGURES as F } from './figures.js';

export const SECTION_LINKS = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'resources', label: 'Resources' },
  { id: 'contact', label: 'Contact' },
] as const;

export const HERO_STATS = [
  { value: F.revenue, label: 'added pipeline per year', detail: 'Revenue influenced by agents that follow up on every lead' },
  { value: F.roi, label: 'return on investment', detail: 'Average return for teams running agents in production' },
  { value: F.costReduction, label: 'lower cost per lead', detail: 'Less manual research, qualification and data entry' },
] as const;

export const QUOTES = [
  {
    text: 'Our reps used to spend mornings researching accounts. Now the research agent has a brief waiting for them, and they spend the time on calls.',
    who: 'Head of Sales Development',
    org: 'B2B software company',
  },
  {
    text: 'We built the lead qualification flow in an afternoon with the visual builder, and it hands warm leads to the right rep with the full conversation attached.',
    who: 'Marketing Operations Lead',
    org: 'Professional services firm',
  },
  {
    text: 'Role-based access and single sign-on meant security signed off in a week. The agents run on our own data and nothing leaves without our say.',
    who: 'Director of IT',
    org: 'Financial services group',
  },
] as const;

export const PRODUCTS = [
  {
    id: 'assist',
    name: 'Accent Assist',
    kind: 'AI sales and marketing assistant',
    summary: 'A conversational assistant on your site and in your channels that works every lead like your best rep would.',
    points: [
      'Qualifies leads as they arrive',
      'Recommends the right products',
      'Captures contact details',
      'Hands off to sales reps with full context',
    ],
    metrics: [
      { value: F.assistantConversion, label: 'more qualified conversations' },
      { value: F.assistantEngagement, label: 'of visitor questions answered instantly' },
    ],
  },
  {
    id: 'magic',
    name: 'Accent Magic',
    kind: 'Sales and marketing automation platform',
    summary: 'Agents, flows and scheduled missions that research, write and follow up while your team sells.',
    points: ['Lead scoring', 'Prospect research', 'Proposal generation', 'Follow-up sequences', 'Analytics'],
    metrics: [
      { value: F.automationPipeline, label: 'faster pipeline generation' },
      { value: F.automationAccuracy, label: 'lead scoring accuracy' },
    ],
  },
] as const;

export type CapabilityIcon = 'drag' | 'plug' | 'rocket' | 'lock' | 'chart' | 'globe' | 'trend' | 'clock';

export const CAPABILITIES: { title: string; text: string; icon: CapabilityIcon; figure?: { value: string; label: string } }[] = [
  {
    title: 'Visual drag-and-drop builder',
    text: 'Compose agents, flows and pages on a canvas. No code needed, full control when you want it.',
    icon: 'drag',
  },
  {
    title: 'CRM and document integrations',
    text: 'Connect Salesforce, HubSpot, email, Slack and your document libraries with your own credentials.',
    icon: 'plug',
  },
  { title: 'Instant deployment', text: 'Publish an agent, flow or page in one step and roll back to any saved version.', icon: 'rocket' },
  { title: 'Enterprise security', text: 'Single sign-on, role-based access and permissions enforced on the server for every call.', icon: 'lock' },
  { title: 'Analytics', text: 'Every run is recorded with its trace, timings and outcome, so you see what works.', icon: 'chart' },
  {
    title: 'Global scale',
    text: 'Add servers and workers as you grow: they share the same job queues, and a crashed job is retried, never lost.',
    icon: 'globe',
    figure: { value: F.uptime, label: 'uptime' },
  },
  {
    title: 'Lead scoring and revenue intelligence',
    text: 'Score, route and follow up on leads, and see the revenue your agents influence.',
    icon: 'trend',
  },
  { title: 'Scheduled missions', text: 'Run agents daily, weekly or monthly and deliver results by email, Slack or webhook.', icon: 'clock' },
];

export const PLANS = [
  {
    name: 'Team',
    audience: 'For a single sales or marketing team getting started with agents.',
    includes: ['Agent builder and test runs', 'Scheduled missions', 'Email and Slack delivery'],
  },
  {
    name: 'Business',
    audience: 'For several teams automating their pipeline end to end.',
    includes: ['Everything in Team', 'Flows and background agents', 'CRM integrations', 'Magic Pages'],
    highlighted: true,
  },
  {
    name: 'Enterprise',
    audience: 'For organisations with security, scale and compliance needs.',
    includes: ['Everything in Business', 'Single sign-on and role-based access', 'Self-hosted PostgreSQL', 'Dedicated support'],
  },
] as const;

export const CONTACT_EMAIL = 'sales@accent.ai';
export const DOCS_URL = '/api/docs';

/** A link on the page: `to` is a route of the app, `href` anything else (the API docs). */
export type SiteLink = { to: string } | { href: string };

export const QUICK_ACTIONS = [
  { link: { to: '/login' }, icon: 'rocket', title: 'Deploy Page Agent', text: 'Sign in and publish an interactive assistant page.' },
  { link: { href: DOCS_URL }, icon: 'book', title: 'View Documentation', text: 'The API reference for agents, flows, missions and pages.' },
] as const;

export const RESOURCES = [
  { link: { href: DOCS_URL }, icon: 'book', title: 'API documentation', text: 'Every endpoint with its request and response schema.' },
  {
    link: { to: '/ai-university' },
    icon: 'trend',
    title: 'AI University',
    text: 'Guides to building agents, flows, missions and pages in the studio.',
  },
  { link: { to: '/login' }, icon: 'rocket', title: 'Open the studio', text: 'Sign in with your work account to start building.' },
] as const;

export const FOOTER_GROUPS: { title: string; links: { label: string; link: SiteLink }[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', link: { href: '#features' } },
      { label: 'Pricing', link: { href: '#pricing' } },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', link: { href: DOCS_URL } },
      { label: 'Login', link: { to: '/login' } },
    ],
  },
  { title: 'Company', links: [{ label: 'Contact', link: { href: '#contact' } }] },
];
