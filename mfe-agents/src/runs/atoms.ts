// Run state that crosses screens: a counter that tells run lists to reload (a test just finished).
import { atom } from 'jotai';

/** Bumped after a run started from this area finishes; run lists reload when it changes. */
export const runsRefreshAtom = atom(0);
