// The Admin → Model providers / Connectors view of the credential store: every known provider and
// connector, configured or not, with a masked hint; and validated writes.
import { ADMIN_MESSAGES, CREDENTIAL_DEFINITIONS, findCredentialDefinition, type CredentialItem, type CredentialKind } from '@accent/shell-common';
import type { Config } from '../config.js';
import type { CredentialStore, CredentialValues } from '../credentials/store.js';
import { toIso } from '../db/values.js';
import { HttpError } from '../http/errors.js';

export async function listCredentials(store: CredentialStore, libraryId: string, providerEnv: Config['providerEnv']): Promise<CredentialItem[]> {
  const stored = await store.list(libraryId);
  return CREDENTIAL_DEFINITIONS.map((definition) => {
    const own = stored.find((s) => s.kind === definition.kind && s.key === definition.key);
    const env = definition.kind === 'provider' ? (providerEnv[definition.key] ?? {}) : {};
    const fromEnvironment = !own && definition.schema.safeParse(env).success;
    return {
      kind: definition.kind,
      key: definition.key,
      label: definition.label,
      fields: definition.fields.map((f) => ({ ...f, set: own ? own.fieldsSet.includes(f.name) : false })),
      hint: own ? own.hint || null : null,
      updated_at: own ? toIso(own.updatedAt) : null,
      configured: Boolean(own) || fromEnvironment,
      source: own ? 'library' : fromEnvironment ? 'environment' : null,
    };
  });
}

function definitionOf(kind: string, key: string) {
  const definition = findCredentialDefinition(kind, key);
  if (!definition) throw new HttpError(404, ADMIN_MESSAGES.unknownCredential(kind, key));
  return definition;
}

/**
 * Merges `values` over what is stored (a field left out or sent empty keeps its value — forms do not
 * show secrets back; null clears it), validates the result and stores it.
 */
export async function putCredential(
  store: CredentialStore,
  input: { libraryId: string; kind: CredentialKind; key: string; values: Record<string, string | null>; userId: string },
): Promise<void> {
  const definition = definitionOf(input.kind, input.key);
  const known = new Set(definition.fields.map((f) => f.name));
  const merged: Record<string, string> = { ...((await store.get(input.libraryId, input.kind, input.key)) ?? {}) };
  for (const [name, value] of Object.entries(input.values)) {
    if (!known.has(name)) throw new HttpError(400, `values.${name}: unknown field for ${definition.label}`);
    if (value === null) delete merged[name];
    else if (value.trim() !== '') merged[name] = value.trim();
  }
  const parsed = definition.schema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `values.${issue.path.join('.')}: ${issue.message}`);
  }
  const values = Object.fromEntries(Object.entries(parsed.data).filter((e): e is [string, string] => typeof e[1] === 'string')) as CredentialValues;
  await store.put({ libraryId: input.libraryId, kind: input.kind, key: input.key, values, userId: input.userId });
}

export async function deleteCredential(store: CredentialStore, libraryId: string, kind: CredentialKind, key: string): Promise<void> {
  definitionOf(kind, key);
  await store.remove(libraryId, kind, key);
}
