import { describe, expect, it } from '@jest/globals';
import { PARTNER_ICON_EMOJI } from '@accent/agents-common';
import { partnerEmoji, partnerIconsForTools } from './partnerIcons.js';

describe('partner icons from tools', () => {
  it('maps CRM, LinkedIn, Google and Slack tools to their partner keys, once each, in key order', () => {
    expect(
      partnerIconsForTools(['Send Message', 'Create Share Update', 'LinkedIn API', 'Google Search', 'HubSpot API', 'Salesforce API', 'Send Channel Message']),
    ).toEqual(['salesforce', 'hubspot', 'google', 'slack', 'linkedin']);
    expect(partnerIconsForTools(['Create Company Update'])).toEqual(['linkedin']);
    expect(partnerIconsForTools(['Send Direct Message'])).toEqual(['slack']);
  });

  it('gives internal tools no icon', () => {
    expect(partnerIconsForTools(['internal knowledge base search', 'Insert Row', 'Serp API', 'SendGrid'])).toEqual([]);
  });

  it('uses logo images for salesforce and hubspot only', () => {
    expect(partnerEmoji('salesforce')).toBeNull();
    expect(partnerEmoji('hubspot')).toBeNull();
    expect(partnerEmoji('google')).toBe(PARTNER_ICON_EMOJI.google);
    expect(partnerEmoji('slack')).toBe(PARTNER_ICON_EMOJI.slack);
  });
});
