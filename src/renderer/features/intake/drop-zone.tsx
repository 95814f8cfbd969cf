import { useEffect, useState } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { navigate } from '../shell/route-store';
import { droppedFiles } from './dropped-files';
import { addFiles } from './intake-store';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/** Files and folders can be dropped anywhere on the window; they go to the intake screen to be checked. */
export function DropZone() {
  const t = useTranslate();
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overHandler = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      navigate({ screen: 'intake' });
      void droppedFiles(event.dataTransfer).then(addFiles);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return over ? (
    <div className="drop-overlay" aria-hidden="true">
      <p>{t('intake.dropHere')}</p>
    </div>
  ) : null;
}
