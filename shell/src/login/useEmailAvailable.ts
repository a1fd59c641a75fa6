// Whether this server can send email: asked once per page, so a server without SMTP says so before
// anyone types an address (the answer tells nothing about any account).
import { useEffect, useState } from 'react';
import { useEmailSignInApi } from './email-sign-in-api.js';

/** null while asking; true when asking failed (the send itself then says what is wrong) */
export function useEmailAvailable(): boolean | null {
  const emailApi = useEmailSignInApi();
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    emailApi.available().then(
      (answer) => live && setAvailable(answer),
      () => live && setAvailable(true),
    );
    return () => {
      live = false;
    };
  }, [emailApi]);
  return available;
}
