import { useEffect, useState } from 'react';
import type { FieldRolesResult, UnderstoodField } from '../../../shared/api/field-roles';
import { EN, type MessageKey } from '../../i18n/messages-en';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';

const roleKey = (role: string): MessageKey | undefined => {
  const key = `role.${role}`;
  return key in EN ? (key as MessageKey) : undefined;
};

/**
 * The category editor's view of what the local engine understood each field and table column to be,
 * or that it understood nothing (the clerk then adds an alias or a prompt). Only the local engine answers.
 */
export function UnderstoodRoles({ workspaceId, categoryId }: { workspaceId: string; categoryId: string }) {
  const t = useTranslate();
  const [roles, setRoles] = useState<FieldRolesResult | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    invoke('categories.fieldRoles', { workspace_id: workspaceId, category_id: categoryId }).then(setRoles, () => setUnavailable(true));
  }, [workspaceId, categoryId]);
  if (unavailable) return <p className="muted">{t('categories.rolesUnavailable')}</p>;
  if (!roles) return null;
  const entry = (field: UnderstoodField) => {
    const key = field.role === null ? undefined : roleKey(field.role);
    return (
      <li key={field.field_id} data-testid="understood-role">
        {field.name}: {field.role === null ? <span className="tone-warn">{t('categories.notUnderstood')}</span> : <span className="muted">{t('categories.understoodAs', { role: key ? t(key) : field.role })}</span>}
      </li>
    );
  };
  return (
    <div className="block-field">
      <span>{t('categories.roles')}</span>
      <ul>{roles.fields.map(entry)}</ul>
      {roles.tables.map((table) => (
        <div key={table.table_id}>
          <strong>{table.name}</strong>
          <ul>{table.fields.map(entry)}</ul>
        </div>
      ))}
    </div>
  );
}
