import type { KeyboardEvent } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { confidenceTone } from './confidence';
import type { FileSession } from './file-session';
import type { TargetInputs } from './use-target-inputs';
import { addRow, editCell, endEdit, removeRow } from './proofreading';
import { targetKey } from './target-keys';

/** The editable table (the interface's `items`): cells, rows added and removed with the keyboard too. */
export function TableEditor({ session, inputs }: { session: FileSession; inputs: TargetInputs }) {
  const t = useTranslate();
  const { proof, focus, hover, file } = useStore(session.store, (s) => ({ proof: s.proof, focus: s.focus, hover: s.hover, file: s.file }));
  if (proof === null) return null;
  const rows = proof.draft.items;
  const table = file?.data?.tables[0];
  const columns = columnsOf(rows, table?.items[0]?.map((c) => c.key));
  if (columns.length === 0) return null;

  const change = (action: Parameters<FileSession['update']>[0]) => {
    session.update(action);
    void session.save();
  };

  const onKeyDown = (row: number, column: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && event.ctrlKey) {
      event.preventDefault();
      change((s) => addRow(s, row, columns));
      requestAnimationFrame(() => inputs.focus({ cell: [row + 1, 0] }));
    } else if (event.key === 'Delete' && event.ctrlKey) {
      event.preventDefault();
      change((s) => removeRow(s, row));
      requestAnimationFrame(() => inputs.focus({ cell: [Math.max(0, Math.min(row, rows.length - 2)), column] }));
    } else if (event.key === 'Enter' && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      session.update(endEdit);
      void session.save();
      if (row + 1 < rows.length) inputs.focus({ cell: [row + 1, column] });
    }
  };

  return (
    <div className="table-editor">
      <h3>{table?.tableName ?? t('viewer.table')}</h3>
      <p className="muted hint">{t('viewer.tableKeys')}</p>
      <table>
        <thead>
          <tr>
            <th aria-label={t('viewer.row')} />
            {columns.map((key) => (
              <th key={key} scope="col">
                {key}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r}>
              <th scope="row">{r + 1}</th>
              {cells.map((cell, c) => {
                const lit = [focus, hover].some((target) => target && 'cell' in target && target.cell[0] === r && target.cell[1] === c);
                return (
                  <td key={c} className={`tone-${confidenceTone(table?.items[r]?.[c]?.confidence, cell.value)}${lit ? ' lit' : ''}`}>
                    <input
                      ref={(element) => inputs.register({ cell: [r, c] }, element)}
                      data-testid={targetKey({ cell: [r, c] })}
                      aria-label={`${cell.key} ${r + 1}`}
                      value={cell.value}
                      onChange={(event) => session.update((s) => editCell(s, r, c, event.target.value))}
                      onFocus={() => {
                        session.update(endEdit);
                        const page = cell.position?.[0]?.page;
                        session.store.set({ focus: { cell: [r, c] }, ...(page !== undefined ? { page } : {}) });
                      }}
                      onBlur={() => void session.save()}
                      onKeyDown={onKeyDown(r, c)}
                    />
                  </td>
                );
              })}
              <td>
                <button type="button" className="link" tabIndex={-1} aria-label={t('viewer.removeRow', { row: r + 1 })} onClick={() => change((s) => removeRow(s, r))}>
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => change((s) => addRow(s, rows.length - 1, columns))} data-testid="add-row">
        {t('viewer.addRow')}
      </button>
    </div>
  );
}

/** Column keys: those of the first row, else of the recognised table (a table whose rows were all removed). */
function columnsOf(rows: readonly (readonly { key: string }[])[], fallback: readonly string[] | undefined): string[] {
  return rows[0]?.map((c) => c.key) ?? [...(fallback ?? [])];
}
