// Admin → Users → Two-factor authentication: require it for the whole library (an administrator must
// have it on first, or they would lock themselves out of administration), and reset the factor of a
// user who lost their phone (they set it up again; recorded in the audit log).
import { createContext, useContext, useId, useState } from 'react';
import type { AxiosInstance } from 'axios';
import { api, ApiError, toast } from '@accent/shared/client';
import { Button, Checkbox, ConfirmDialog, ErrorState, useQuery } from '@accent/shared/ui';
import { twoFactorRequirementSchema, type AdminUser } from '@accent/shell-common';
import { z } from 'zod';
import styles from './Admin.module.css';

export const TWO_FACTOR_ADMIN_TEXTS = {
  title: 'Two-factor authentication',
  lead: 'Required: every user is asked to set it up right after signing in, and administration needs a sign-in with a code.',
  require: 'Require two-factor authentication',
  requiredOn: 'Two-factor authentication is now required',
  requiredOff: 'Two-factor authentication is no longer required',
  saveFailed: 'Could not change the requirement',
  enrolled: 'Users with two-factor authentication on',
  none: 'Nobody has set up two-factor authentication yet.',
  reset: 'Reset',
  resetTitle: (name: string) => `Reset ${name}’s two-factor authentication?`,
  resetMessage: 'Their authenticator app and recovery codes stop working. They sign in with their password and set it up again.',
  resetDone: 'Two-factor authentication reset',
  resetFailed: 'Could not reset two-factor authentication',
} as const;

const requirementResponseSchema = twoFactorRequirementSchema.extend({ enrolled_user_ids: z.array(z.string()) });
export type TwoFactorRequirementState = z.infer<typeof requirementResponseSchema>;

export interface TwoFactorAdminApi {
  get(): Promise<TwoFactorRequirementState>;
  setRequired(required: boolean): Promise<TwoFactorRequirementState>;
  reset(userId: string): Promise<void>;
}

export function createTwoFactorAdminApi(http: AxiosInstance): TwoFactorAdminApi {
  return {
    async get() {
      const { data } = await http.get<unknown>('/api/v1/admin/two-factor');
      return requirementResponseSchema.parse(data);
    },
    async setRequired(required) {
      const { data } = await http.put<unknown>('/api/v1/admin/two-factor', { required });
      return requirementResponseSchema.parse(data);
    },
    async reset(userId) {
      await http.delete(`/api/v1/admin/users/${encodeURIComponent(userId)}/two-factor`);
    },
  };
}

export const TwoFactorAdminApiContext = createContext<TwoFactorAdminApi>(createTwoFactorAdminApi(api));
export const useTwoFactorAdminApi = () => useContext(TwoFactorAdminApiContext);

const detailOf = (e: unknown) => (e instanceof ApiError && e.detail ? e.detail : e instanceof Error ? e.message : String(e));
const QUERY = ['admin', 'two-factor'] as const;

/** `users`: the library's users as the Users list loaded them (names for the enrolled ids). */
export function TwoFactorAdminPanel({ users }: { users: readonly Pick<AdminUser, 'id' | 'name' | 'email'>[] }) {
  const twoFactor = useTwoFactorAdminApi();
  const titleId = useId();
  const helpId = useId();
  const state = useQuery(QUERY, () => twoFactor.get());
  const [saving, setSaving] = useState(false);
  const [resetting, setResetting] = useState<{ id: string; name: string } | null>(null);
  const [resetBusy, setResetBusy] = useState(false);

  async function setRequired(required: boolean) {
    setSaving(true);
    try {
      const next = await twoFactor.setRequired(required);
      state.setData((d) => ({ ...d, ...next }));
      toast.success(required ? TWO_FACTOR_ADMIN_TEXTS.requiredOn : TWO_FACTOR_ADMIN_TEXTS.requiredOff);
    } catch (e) {
      toast.error(TWO_FACTOR_ADMIN_TEXTS.saveFailed, detailOf(e));
    } finally {
      setSaving(false);
    }
  }

  async function reset() {
    if (!resetting) return;
    setResetBusy(true);
    try {
      await twoFactor.reset(resetting.id);
      state.setData((d) => ({ ...d, enrolled_user_ids: d.enrolled_user_ids.filter((id) => id !== resetting.id) }));
      toast.success(TWO_FACTOR_ADMIN_TEXTS.resetDone, resetting.name);
    } catch (e) {
      toast.error(TWO_FACTOR_ADMIN_TEXTS.resetFailed, detailOf(e));
    } finally {
      setResetBusy(false);
      setResetting(null);
    }
  }

  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 className={styles.blockTitle} id={titleId}>
        {TWO_FACTOR_ADMIN_TEXTS.title}
      </h2>
      {state.status === 'loading' ? null : state.status === 'error' ? (
        <ErrorState message={detailOf(state.error)} onRetry={state.reload} />
      ) : (
        <>
          <div className={styles.setting}>
            <Checkbox
              label={TWO_FACTOR_ADMIN_TEXTS.require}
              checked={state.data.required}
              disabled={saving}
              aria-describedby={helpId}
              onChange={(e) => void setRequired(e.currentTarget.checked)}
            />
            <p className={styles.settingHelp} id={helpId}>
              {TWO_FACTOR_ADMIN_TEXTS.lead}
            </p>
          </div>
          <h3 className={styles.blockTitle}>{TWO_FACTOR_ADMIN_TEXTS.enrolled}</h3>
          {state.data.enrolled_user_ids.length === 0 ? (
            <p className={styles.lead}>{TWO_FACTOR_ADMIN_TEXTS.none}</p>
          ) : (
            <ul aria-label={TWO_FACTOR_ADMIN_TEXTS.enrolled}>
              {users
                .filter((u) => state.data.enrolled_user_ids.includes(u.id))
                .map((u) => (
                  <li key={u.id}>
                    {u.name} · {u.email}{' '}
                    <Button size="sm" variant="ghost" aria-label={`${TWO_FACTOR_ADMIN_TEXTS.reset} two-factor authentication of ${u.name}`} onClick={() => setResetting({ id: u.id, name: u.name })}>
                      {TWO_FACTOR_ADMIN_TEXTS.reset}
                    </Button>
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={resetting !== null}
        danger
        busy={resetBusy}
        title={resetting ? TWO_FACTOR_ADMIN_TEXTS.resetTitle(resetting.name) : ''}
        message={TWO_FACTOR_ADMIN_TEXTS.resetMessage}
        confirmLabel={TWO_FACTOR_ADMIN_TEXTS.reset}
        onConfirm={() => void reset()}
        onCancel={() => setResetting(null)}
      />
    </section>
  );
}
