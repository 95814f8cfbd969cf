import type { PushHandler, PushOutcome } from './push-types.js';
import { pushDeletion, pushSetting } from './push-shapes.js';
import { repoWithRuleId } from './rule-repo-edits.js';

/** A rule is created once: after an unanswered attempt it is looked up by name in its group first. */
export const pushRuleCreate: PushHandler<'rule.create'> = async (op, context) => {
  const { body, rule_id: localId } = op.change;
  const ws = op.workspaceId;
  const named = (ruleId: string, already: boolean): PushOutcome => ({
    type: 'applied',
    already,
    detail: { rule_id: ruleId },
    settle: () => {
      context.ids.put(localId, ruleId);
      const repo = context.sync.catalog.ruleRepo(ws, op.change.repo_id);
      if (repo) context.sync.catalog.replaceRuleRepoRecord(ws, repoWithRuleId(repo, localId, ruleId));
    },
  });
  if (op.state === 'unknown' || op.state === 'inflight') {
    const repo = await context.client.review.repos.get({ workspace_id: ws, repo_id: body.repo_id }, { signal: context.signal });
    const found = repo.groups.find((g) => g.group_id === body.group_id)?.rules.find((r) => r.name === body.name);
    if (found) return named(found.rule_id, true);
  }
  context.markInflight();
  const { rule_id: ruleId } = await context.client.review.rules.create(body, { signal: context.signal });
  return named(ruleId, false);
};

export const pushRuleUpdate = pushSetting<'rule.update'>((op, { client, signal }) => client.review.rules.update(op.change.body, { signal }));

export const pushRuleDelete = pushDeletion<'rule.delete'>((op, { client, signal }) => client.review.rules.delete({ workspace_id: op.workspaceId, rule_id: op.change.rule_id }, { signal }));

export const pushGroupRename = pushSetting<'group.rename'>((op, { client, signal }) => client.review.groups.update(op.change.body, { signal }));

export const pushGroupDelete = pushDeletion<'group.delete'>((op, { client, signal }) => client.review.groups.delete({ workspace_id: op.workspaceId, group_id: op.change.group_id }, { signal }));

export const pushRepoRename = pushSetting<'repo.rename'>((op, { client, signal }) => client.review.repos.update(op.change.body, { signal }));

export const pushRepoDelete = pushDeletion<'repo.delete'>((op, { client, signal }) => client.review.repos.delete({ workspace_id: op.workspaceId, repo_ids: [op.change.repo_id] }, { signal }));
