// One mission for every missions test (the common package's and the screens'): each test overrides what
// it is about, so the fields a mission has are listed once.
import type { Mission, MissionWrite } from '../missions.js';

/** What the editor sends: a daily private mission with the results feed. */
export function missionWrite(overrides: Partial<MissionWrite> = {}): MissionWrite {
  return {
    id: 'm1',
    name: 'Daily digest',
    description: '',
    agent_id: 'Lead Qualifier',
    agent_name: 'Lead Qualifier',
    prompt: '',
    parameters: {},
    schedule: { type: 'scheduled', frequency: 'daily', time: '09:00', timezone: 'UTC' },
    delivery: { channels: ['feed'] },
    scope: 'private',
    status: 'active',
    tags: [],
    created_by: 'admin@accent.local',
    ...overrides,
  };
}

/** A stored mission: the write plus what the server keeps (owner, dates, counters). */
export function storedMission(overrides: Partial<Mission> = {}): Mission {
  return {
    ...missionWrite(),
    created_at: '2025-06-01T10:00:00.000Z',
    updated_at: '2025-06-01T10:00:00.000Z',
    last_run: null,
    next_run: null,
    execution_count: 0,
    success_rate: 0,
    user_id: 'u1',
    ...overrides,
  } as Mission;
}
