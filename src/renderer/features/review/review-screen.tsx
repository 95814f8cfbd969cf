import { useState } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { RuleRepos } from './rule-repos';
import { ReviewTasks } from './review-tasks';

/** Review tasks with their results and anchors, and the rule repositories they run. */
export function ReviewScreen() {
  const t = useTranslate();
  const [tab, setTab] = useState<'tasks' | 'rules'>('tasks');
  return (
    <section className="screen review-screen" aria-labelledby="review-title">
      <h1 id="review-title">{t('nav.review')}</h1>
      <div className="button-row" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'tasks'} className={tab === 'tasks' ? 'primary' : ''} onClick={() => setTab('tasks')}>
          {t('review.tasks')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'rules'} className={tab === 'rules' ? 'primary' : ''} onClick={() => setTab('rules')} data-testid="review-rules-tab">
          {t('review.repos')}
        </button>
      </div>
      {tab === 'tasks' ? <ReviewTasks /> : <RuleRepos />}
    </section>
  );
}
