import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'jotai';
import { getStore } from '@accent/shared/client';

/** Route pages of this remote run in the suite's one jotai store, inside the shell or standalone. */
export function PagesArea({ children }: { children: ReactNode }) {
  return <Provider store={getStore()}>{children}</Provider>;
}

/** A page of this remote as a route: inside PagesArea. */
export const inPagesArea = (Page: ComponentType): ComponentType =>
  function PagesRoute() {
    return (
      <PagesArea>
        <Page />
      </PagesArea>
    );
  };
