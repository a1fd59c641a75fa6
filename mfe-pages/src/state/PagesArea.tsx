import type { ReactNode } from 'react';
import { Provider } from 'jotai';
import { getStore } from '@accent/shared/client';

/** Route pages of this remote run in the suite's one jotai store, inside the shell or standalone. */
export function PagesArea({ children }: { children: ReactNode }) {
  return <Provider store={getStore()}>{children}</Provider>;
}
