import { StatusPill } from '../../components/status-pill';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { recognitionLabel } from '../documents/status-labels';
import type { FileSession } from './file-session';

// The read-only parts of a file beside its fields: other tables, stamps and handwriting, child files.

/** Tables after the first, shown as recognised: the interface edits only the first (its `items`). */
export function OtherTables({ session }: { session: FileSession }) {
  const tables = useStore(session.store, (s) => s.file?.data?.tables.slice(1) ?? []);
  return (
    <>
      {tables.map((table, index) => (
        <div key={index} className="table-readonly">
          <h3>{table.tableName}</h3>
          <table>
            <tbody>
              {table.items.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} title={cell.key}>
                      {cell.value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}

export function StampsAndHandwriting({ session }: { session: FileSession }) {
  const t = useTranslate();
  const data = useStore(session.store, (s) => s.file?.data);
  const stamps = data?.stamps ?? [];
  const writings = data?.handwritings ?? [];
  if (stamps.length === 0 && writings.length === 0) return null;
  return (
    <div className="side-section">
      <h3>{t('viewer.stampsAndHandwriting')}</h3>
      <ul>
        {stamps.map((stamp, i) => (
          <li key={`s${i}`}>
            <button type="button" className="link" onClick={() => session.store.set({ page: stamp.page })}>
              {t('layer.stamp')} · {t('viewer.pageShort', { page: stamp.page + 1 })}
            </button>{' '}
            {stamp.text ?? ''} {stamp.color ?? ''} {stamp.shape ?? ''}
          </li>
        ))}
        {writings.map((writing, i) => (
          <li key={`h${i}`}>
            {t('layer.handwriting')} · {writing.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The documents split or cropped from this file, each opened as a file of its own. */
export function ChildFiles({ session }: { session: FileSession }) {
  const t = useTranslate();
  const children = useStore(session.store, (s) => s.file?.child_files ?? []);
  if (!children || children.length === 0) return null;
  return (
    <div className="side-section">
      <h3>{t('viewer.childFiles')}</h3>
      <ul data-testid="child-files">
        {children.map((child) => {
          const label = recognitionLabel(child.recognition_status);
          return (
            <li key={child.id}>
              <a href={`#/file/${encodeURIComponent(child.id)}`}>{child.name}</a> <StatusPill tone={label.tone} label={t(label.key)} /> {child.category ? <span className="muted">{child.category}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
