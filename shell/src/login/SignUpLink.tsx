// "New here? Sign up" under the sign-in form, only when the library chosen in the form's advanced
// settings takes sign-ups (an administrator listed email domains and the server can send email). Read
// by hand, without the schema library, to keep the login page small.
import { createContext, useContext, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, loadAdvancedSettings } from '@accent/shared/client';

export type SignUpAvailability = (environment: string, library: string) => Promise<boolean>;

const askServer: SignUpAvailability = async (environment, library) => {
  const { data } = await api.get<unknown>('/api/auth/sign-up', { params: { environment, library } });
  return (data as { allowed?: unknown } | null)?.allowed === true;
};

export const SignUpAvailabilityContext = createContext<SignUpAvailability>(askServer);

export const SIGN_UP_LINK_TEXTS = { question: 'New here?', link: 'Sign up' } as const;

export function SignUpLink({ className }: { className?: string }) {
  const available = useContext(SignUpAvailabilityContext);
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let live = true;
    const { environment, library } = loadAdvancedSettings();
    // a failure just leaves the link out: signing in is what this page is for
    available(environment, library).then(
      (answer) => live && setAllowed(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [available]);
  if (!allowed) return null;
  return (
    <p className={className}>
      {SIGN_UP_LINK_TEXTS.question} <Link to="/sign-up">{SIGN_UP_LINK_TEXTS.link}</Link>
    </p>
  );
}
