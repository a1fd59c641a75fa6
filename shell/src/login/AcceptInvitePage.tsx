// /invite?token=…: the page an invitation email opens (see AcceptLink).
import { useSearchParams } from 'react-router';
import { AcceptLink } from './AcceptLink.js';

export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  return <AcceptLink token={params.get('token') ?? ''} />;
}
