import { useId } from 'react';
import {
  MISSION_MESSAGES,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_FREQUENCY_LABELS,
  WEEKDAY_NAMES,
  isDayOfMonth,
  scheduleText,
  type ScheduleFrequency,
} from '@accent/missions-common';
import { FormGrid, FormSection, Select, TextField } from '@accent/shared/ui';
import { toMissionWrite, type FormErrors, type MissionForm } from './form.js';
import styles from './Editor.module.css';

const WEEKDAY_FULL = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The schedule as the list will describe it, with its time zone. */
export function schedulePreview(form: MissionForm): string {
  const schedule = toMissionWrite(form).schedule;
  const text = scheduleText(schedule);
  return schedule.type === 'scheduled' && text !== 'Scheduled' ? `${text} (${schedule.timezone})` : text;
}

export function ScheduleFields({
  form,
  errors,
  timeZones,
  onChange,
}: {
  form: MissionForm;
  errors: FormErrors;
  timeZones: string[];
  onChange(patch: Partial<MissionForm>): void;
}) {
  const daysLabelId = useId();
  const daysErrorId = useId();
  const zones = timeZones.includes(form.timezone) ? timeZones : [form.timezone, ...timeZones];
  // a day no month has is said at the field while it is typed, not only on Save
  const day = form.dayOfMonth.trim();
  const dayProblem = errors['schedule.dayOfMonth'] ?? (day !== '' && !isDayOfMonth(Number(day)) ? MISSION_MESSAGES.dayOfMonthInvalid : undefined);
  const toggleDay = (d: number) =>
    onChange({ daysOfWeek: form.daysOfWeek.includes(d) ? form.daysOfWeek.filter((x) => x !== d) : [...form.daysOfWeek, d].sort((a, b) => a - b) });

  return (
    <FormSection as="fieldset" title="Schedule">
      <div className={styles.radioRow} role="radiogroup" aria-label="When it runs">
        <label className={styles.radio}>
          <input
            type="radio"
            name="mission-schedule-type"
            checked={form.scheduleType === 'on-demand'}
            onChange={() => onChange({ scheduleType: 'on-demand' })}
          />
          <span>
            On-demand
            <span className={styles.radioHint}>Runs only when you press Run now</span>
          </span>
        </label>
        <label className={styles.radio}>
          <input
            type="radio"
            name="mission-schedule-type"
            checked={form.scheduleType === 'scheduled'}
            onChange={() => onChange({ scheduleType: 'scheduled' })}
          />
          <span>
            Scheduled
            <span className={styles.radioHint}>Runs daily, weekly or monthly while active</span>
          </span>
        </label>
      </div>
      {form.scheduleType === 'scheduled' && (
        <FormGrid columns={3}>
          <Select
            id="mission-frequency"
            label="Frequency"
            value={form.frequency}
            options={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: SCHEDULE_FREQUENCY_LABELS[f] }))}
            error={errors['schedule.frequency']}
            onChange={(e) => onChange({ frequency: e.target.value as ScheduleFrequency })}
          />
          <TextField
            id="mission-time"
            label="Time"
            type="time"
            required
            value={form.time}
            error={errors['schedule.time']}
            onChange={(e) => onChange({ time: e.target.value })}
          />
          <Select
            id="mission-timezone"
            label="Time zone"
            value={form.timezone}
            options={zones.map((z) => ({ value: z, label: z }))}
            onChange={(e) => onChange({ timezone: e.target.value })}
          />
          {form.frequency === 'weekly' && (
            <div className={styles.daysField}>
              <span id={daysLabelId} className={styles.label}>
                Days of week
              </span>
              <div
                className={styles.days}
                role="group"
                aria-labelledby={daysLabelId}
                aria-describedby={errors['schedule.daysOfWeek'] ? daysErrorId : undefined}
              >
                {WEEKDAY_NAMES.map((name, d) => (
                  <button
                    key={name}
                    id={d === 0 ? 'mission-days' : undefined}
                    type="button"
                    className={styles.day}
                    aria-pressed={form.daysOfWeek.includes(d)}
                    aria-label={WEEKDAY_FULL[d]}
                    title={WEEKDAY_FULL[d]}
                    onClick={() => toggleDay(d)}
                  >
                    {name}
                  </button>
                ))}
              </div>
              {errors['schedule.daysOfWeek'] && (
                <span id={daysErrorId} className={styles.error}>
                  {errors['schedule.daysOfWeek']}
                </span>
              )}
            </div>
          )}
          {form.frequency === 'monthly' && (
            <TextField
              id="mission-day-of-month"
              label="Day of month"
              type="number"
              min={1}
              max={31}
              step={1}
              required
              value={form.dayOfMonth}
              error={dayProblem}
              onChange={(e) => onChange({ dayOfMonth: e.target.value })}
            />
          )}
        </FormGrid>
      )}
      <p className={styles.preview}>
        <span className={styles.previewLabel}>Preview</span>
        <output aria-live="polite" aria-label="Schedule preview" data-testid="schedule-preview">
          {schedulePreview(form)}
        </output>
      </p>
    </FormSection>
  );
}
