// /invite and /sign-up against a fake of the public link calls that answers as the server does, and the
// login page's "Sign up" link.
import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_MESSAGES, type LinkPreview } from '@accent/shell-common';
import { ApiError } from '@accent/shared/client';
import { renderWithProviders } from '../app/testing.js';
import { ACCEPT_TEXTS } from './AcceptLink.js';
import AcceptInvitePage from './AcceptInvitePage.js';
import { LinksApiContext, type LinksApi } from './links-api.js';
import { SIGN_UP_LINK_TEXTS, SignUpAvailabilityContext, SignUpLink, type SignUpAvailability } from './SignUpLink.js';
import SignUpPage, { SIGN_UP_PAGE_TEXTS } from './SignUpPage.js';

const TOKEN = 'A'.repeat(43);
const INVITED: LinkPreview = {
  kind: 'invitation',
  email: 'pat@example.com',
  role: 'builder',
  team: 'sales',
  environment: 'lo-n02',
  library: 'sales2',
  invited_by: 'Ada Lovelace',
  expires_at: '2026-11-30T10:00:00.000Z',
};

function fakeLinks({ preview = INVITED as LinkPreview | ApiError, adopt = true } = {}) {
  let used = false;
  const api = {
    preview: jest.fn<LinksApi['preview']>(async () => {
      if (preview instanceof ApiError) throw preview;
      if (used) throw new ApiError(409, 'Conflict', INVITATION_MESSAGES.linkUsed);
      return preview;
    }),
    accept: jest.fn<LinksApi['accept']>(async () => {
      if (used) throw new ApiError(409, 'Conflict', INVITATION_MESSAGES.linkUsed);
      used = true;
    }),
    requestSignUp: jest.fn<LinksApi['requestSignUp']>(async ({ email }) => {
      if (!email.endsWith('@acme.example')) throw new ApiError(400, 'Bad Request', INVITATION_MESSAGES.domainNotAllowed(email.split('@')[1]!));
      return INVITATION_MESSAGES.signUpSent;
    }),
    adoptSession: jest.fn(async () => adopt),
    /** another tab used the link meanwhile */
    useUp: () => {
      used = true;
    },
  };
  return api;
}

const render = (api: ReturnType<typeof fakeLinks>, path: string, page = path.startsWith('/invite') ? <AcceptInvitePage /> : <SignUpPage />) =>
  renderWithProviders(<LinksApiContext.Provider value={api}>{page}</LinksApiContext.Provider>, path);

async function fill(password = 'quiet-river-stone-7', repeat = password) {
  await userEvent.type(screen.getByLabelText(/^Your name/), 'Pat Person');
  await userEvent.type(screen.getByLabelText(/^Job title/), 'Analyst');
  await userEvent.type(screen.getByLabelText(/^Password\s*\*?$/), password);
  await userEvent.type(screen.getByLabelText(/^Repeat the password/), repeat);
  await userEvent.click(screen.getByRole('button', { name: ACCEPT_TEXTS.submit }));
}

describe('/invite', () => {
  it('shows the library, role and address, takes a name and password, and signs in', async () => {
    const api = fakeLinks();
    await render(api, `/invite?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join sales2 on Accent Studio' })).toBeInTheDocument();
    expect(screen.getByText(ACCEPT_TEXTS.invitationLead(INVITED))).toBeInTheDocument();
    const facts = screen.getByLabelText('Your account');
    expect(within(facts).getByText('pat@example.com')).toBeInTheDocument();
    expect(within(facts).getByText('sales2 (lo-n02)')).toBeInTheDocument();
    expect(within(facts).getByText('Builder')).toBeInTheDocument();
    expect(within(facts).getByText('Sales')).toBeInTheDocument();
    await fill();
    expect(api.accept).toHaveBeenCalledWith({ token: TOKEN, name: 'Pat Person', title: 'Analyst', password: 'quiet-river-stone-7' });
    expect(api.adoptSession).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('checks the password rules and the repeat before sending', async () => {
    const api = fakeLinks();
    await render(api, `/invite?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Join sales2 on Accent Studio' });
    await fill('pat@example.com');
    expect(screen.getByLabelText(/^Password\s*\*?$/)).toHaveAccessibleDescription('Password must not be your email address');
    await userEvent.clear(screen.getByLabelText(/^Password\s*\*?$/));
    await userEvent.type(screen.getByLabelText(/^Password\s*\*?$/), 'quiet-river-stone-8');
    await userEvent.click(screen.getByRole('button', { name: ACCEPT_TEXTS.submit }));
    expect(screen.getByLabelText(/^Repeat the password/)).toHaveAccessibleDescription(ACCEPT_TEXTS.mismatch);
    expect(api.accept).not.toHaveBeenCalled();
  });

  it('says at once when the link no longer works, with a way to sign in', async () => {
    await render(fakeLinks({ preview: new ApiError(409, 'Conflict', INVITATION_MESSAGES.linkExpired) }), `/invite?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: ACCEPT_TEXTS.invalidTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.linkExpired);
    expect(screen.getByRole('link', { name: ACCEPT_TEXTS.signIn })).toHaveAttribute('href', '/login');
  });

  it('says a cut link is not valid without asking the server', async () => {
    const api = fakeLinks();
    await render(api, '/invite?token=abc');
    expect(screen.getByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.linkInvalid);
    expect(api.preview).not.toHaveBeenCalled();
  });

  it('says so when the link was used meanwhile in another tab', async () => {
    const api = fakeLinks();
    await render(api, `/invite?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Join sales2 on Accent Studio' });
    api.useUp();
    await fill();
    expect(await screen.findByRole('heading', { name: ACCEPT_TEXTS.invalidTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.linkUsed);
  });

  it('points to sign in when the new session could not be taken up here', async () => {
    await render(fakeLinks({ adopt: false }), `/invite?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Join sales2 on Accent Studio' });
    await fill();
    expect(await screen.findByText(ACCEPT_TEXTS.adoptFailed)).toBeInTheDocument();
  });
});

describe('/sign-up', () => {
  it('asks for a link for the library chosen on the sign-in page, and says the same thing whoever asks', async () => {
    const api = fakeLinks();
    await render(api, '/sign-up');
    expect(screen.getByText(SIGN_UP_PAGE_TEXTS.library('sales2', 'lo-n02'))).toBeInTheDocument();
    const email = screen.getByLabelText(/^Work email/);
    await userEvent.type(email, 'pat@gmail.example');
    await userEvent.click(screen.getByRole('button', { name: SIGN_UP_PAGE_TEXTS.submit }));
    expect(email).toHaveAccessibleDescription(INVITATION_MESSAGES.domainNotAllowed('gmail.example'));
    await userEvent.clear(email);
    await userEvent.type(email, 'pat@acme.example');
    await userEvent.click(screen.getByRole('button', { name: SIGN_UP_PAGE_TEXTS.submit }));
    expect(await screen.findByText(INVITATION_MESSAGES.signUpSent)).toHaveAttribute('role', 'status');
    expect(api.requestSignUp).toHaveBeenLastCalledWith({ environment: 'lo-n02', library: 'sales2', email: 'pat@acme.example' });
  });

  it('opens the emailed link as a sign-up, with a way to ask again when it no longer works', async () => {
    const api = fakeLinks({ preview: { ...INVITED, kind: 'sign_up', role: 'member', team: null, invited_by: null } });
    await render(api, `/sign-up?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: ACCEPT_TEXTS.signUpTitle })).toBeInTheDocument();
    expect(screen.getByText('End User')).toBeInTheDocument();
    await render(fakeLinks({ preview: new ApiError(409, 'Conflict', INVITATION_MESSAGES.signUpLinkExpired) }), `/sign-up?token=${TOKEN}`);
    expect(await screen.findByRole('link', { name: ACCEPT_TEXTS.signUpAgain })).toHaveAttribute('href', '/sign-up');
  });
});

describe('the login page’s sign-up link', () => {
  const renderLink = (allowed: boolean) => {
    const available = jest.fn<SignUpAvailability>(async () => allowed);
    return renderWithProviders(
      <SignUpAvailabilityContext.Provider value={available}>
        <SignUpLink />
      </SignUpAvailabilityContext.Provider>,
      '/login',
    ).then(() => available);
  };

  it('is there only when the library takes sign-ups', async () => {
    const available = await renderLink(true);
    expect(available).toHaveBeenCalledWith('lo-n02', 'sales2');
    expect(await screen.findByRole('link', { name: SIGN_UP_LINK_TEXTS.link })).toHaveAttribute('href', '/sign-up');
  });

  it('is not there otherwise', async () => {
    await renderLink(false);
    expect(screen.queryByRole('link', { name: SIGN_UP_LINK_TEXTS.link })).not.toBeInTheDocument();
  });
});
