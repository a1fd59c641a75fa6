// Partner icons an agent's tools imply (spec 01 §3: partner icon keys; only salesforce and hubspot
// use logo images, the rest use emoji).
import { PARTNER_ICON_EMOJI, PARTNER_ICON_KEYS, type PartnerIconKey } from '@accent/agents-common';

/** Which partner a catalogue tool talks to. Tools not listed are internal (no partner icon). */
export const TOOL_PARTNERS: Readonly<Record<string, PartnerIconKey>> = {
  'Salesforce API': 'salesforce',
  'HubSpot API': 'hubspot',
  'LinkedIn API': 'linkedin',
  'Create Share Update': 'linkedin',
  'Create Company Update': 'linkedin',
  'Google Search': 'google',
  'Send Channel Message': 'slack',
  'Send Direct Message': 'slack',
  'Send Message': 'slack',
};

export const PARTNER_LABELS: Readonly<Record<PartnerIconKey, string>> = {
  salesforce: 'Salesforce',
  hubspot: 'HubSpot',
  microsoft: 'Microsoft',
  google: 'Google',
  slack: 'Slack',
  zoom: 'Zoom',
  linkedin: 'LinkedIn',
  mailchimp: 'Mailchimp',
  zapier: 'Zapier',
  tableau: 'Tableau',
};

/** Distinct partner keys for a list of tools, in the canonical key order. */
export function partnerIconsForTools(tools: readonly string[]): PartnerIconKey[] {
  const found = new Set(tools.map((t) => TOOL_PARTNERS[t]).filter(Boolean));
  return PARTNER_ICON_KEYS.filter((k) => found.has(k));
}

export function partnerEmoji(key: PartnerIconKey): string | null {
  return key === 'salesforce' || key === 'hubspot' ? null : PARTNER_ICON_EMOJI[key];
}
