// Test Configuration: a dry run on the server. Closing the dialog or leaving the editor drops a late answer.
import { useEffect, useRef, useState } from 'react';
import { canTest, type BackgroundAgentConfig } from '@accent/background-common';
import { errorDetail, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import type { TestState } from './TestDialog.js';

export function useBackgroundTest(config: BackgroundAgentConfig, editingId: string | null) {
  const env = useBackgroundEnv();
  const [testState, setTestState] = useState<TestState | null>(null);
  const testSeq = useRef(0);

  useEffect(
    () => () => {
      testSeq.current += 1;
    },
    [],
  );

  async function test() {
    if (!canTest(config)) return;
    const seq = ++testSeq.current;
    const tested = config;
    env.log('Testing background agent configuration:', tested);
    setTestState({ phase: 'running' });
    try {
      const result = await env.api.testConfig(tested, editingId);
      env.log('Background agent test result:', result);
      if (seq === testSeq.current) setTestState({ phase: 'done', result });
    } catch (err) {
      if (seq === testSeq.current) setTestState({ phase: 'error', message: errorDetail(err, 'The test could not run.') });
    }
  }

  function closeTest() {
    testSeq.current += 1; // a late answer is dropped
    setTestState(null);
  }

  return { testState, test, closeTest };
}
