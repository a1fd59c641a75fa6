import { useEffect, useState } from 'react';
import { MESSAGES, nextParamName, renameParam } from '@accent/agents-common';
import { ParamList, ParamListRow, TextField } from '@accent/shared/ui';
import { useDraft } from '../state/editor.js';

function ParamRow({
  index,
  name,
  value,
  params,
  onParams,
}: {
  index: number;
  name: string;
  value: string;
  params: Record<string, string>;
  onParams(next: Record<string, string>): void;
}) {
  const [draftName, setDraftName] = useState(name);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraftName(name), [name]);
  // Rename on blur or Enter; an empty or unchanged name is ignored and the field shows the old name. A taken
  // name keeps the user's text with the reason, so they can fix it rather than lose what they typed.
  const commit = () => {
    const wanted = draftName.trim();
    if (wanted !== name && wanted in params) {
      setError(`A parameter named ${wanted} already exists. Choose another name.`);
      return;
    }
    setError(null);
    const next = renameParam(params, name, draftName);
    if (next === params) setDraftName(name);
    else onParams(next);
  };
  return (
    <ParamListRow
      removeLabel={`Remove parameter ${name}`}
      onRemove={() => onParams(Object.fromEntries(Object.entries(params).filter(([k]) => k !== name)))}
    >
      <TextField
        label={`Parameter ${index + 1} name`}
        value={draftName}
        error={error}
        onChange={(e) => setDraftName(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <TextField label={`Default value of ${name}`} value={value} onChange={(e) => onParams({ ...params, [name]: e.target.value })} />
    </ParamListRow>
  );
}

/** Parameters: a map of name to default value (spec 01 §2: added as param{n}, renamed, removed). */
export function ParamsEditor() {
  const [agent, update] = useDraft();
  const params = agent.params;
  const onParams = (next: Record<string, string>) => update((a) => ({ ...a, params: next }));
  const entries = Object.entries(params);
  return (
    <ParamList
      title="Parameters"
      level={3}
      titleId="agent-params-heading"
      description={<>Values the prompts can refer to as {'{name}'}; each has a default.</>}
      addLabel="Add Parameter"
      onAdd={() => onParams({ ...params, [nextParamName(params)]: '' })}
      emptyText={MESSAGES.noParams}
    >
      {entries.map(([name, value], i) => (
        // Index keys keep focus in the name field across a rename (renameParam keeps the order).
        <ParamRow key={i} index={i} name={name} value={value} params={params} onParams={onParams} />
      ))}
    </ParamList>
  );
}
