// The emails of invitations and self sign-up: plain text, the link on a line of its own.
import { ROLE_LABELS, type AppRole } from '@accent/shared';
import { INVITATION_TTL_DAYS, SIGN_UP_TTL_HOURS, TEAM_LABELS, type Team } from '@accent/shell-common';
import type { MailMessage } from '../../delivery/channels.js';

const formatDay = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function invitationMail(input: { to: string; link: string; inviter: string; library: string; role: AppRole; team: Team | null; expiresAt: Date }): MailMessage {
  const team = input.team ? ` in the ${TEAM_LABELS[input.team]} team` : '';
  return {
    to: input.to,
    subject: `You are invited to ${input.library} on Accent Studio`,
    text: [
      `${input.inviter} invited you to the library ${input.library} on Accent Studio as ${ROLE_LABELS[input.role]}${team}.`,
      '',
      'Open this link to choose your name and password:',
      input.link,
      '',
      `The link works once and expires in ${INVITATION_TTL_DAYS} days (${formatDay(input.expiresAt)}, UTC).`,
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
  };
}

export function signUpMail(input: { to: string; link: string; library: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Finish signing up to Accent Studio',
    text: [
      `Someone asked to sign up to the library ${input.library} on Accent Studio with this address.`,
      '',
      'Open this link to choose your name and password:',
      input.link,
      '',
      `The link works once and expires in ${SIGN_UP_TTL_HOURS} hours. If it was not you, ignore this email.`,
    ].join('\n'),
  };
}

/** Sent instead of a link when the address already has an account, so the page never tells. */
export function existingAccountMail(input: { to: string; signInUrl: string }): MailMessage {
  return {
    to: input.to,
    subject: 'You already have an Accent Studio account',
    text: [
      'Someone asked to sign up to Accent Studio with this address, which already has an account.',
      '',
      'Sign in here:',
      input.signInUrl,
      '',
      'If you forgot your password, use "Forgot password?" on the sign-in page. If it was not you, ignore this email.',
    ].join('\n'),
  };
}
