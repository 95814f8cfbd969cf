import type { RouteResult } from '../../../shared/api/index.js';
import type { BodyIn, Caller, QueryIn, RequestOptions } from './call-types.js';

export class RuleReposResource {
  constructor(private readonly call: Caller) {}

  list(query: QueryIn<'ruleRepoList'>, options?: RequestOptions): Promise<RouteResult<'ruleRepoList'>> {
    return this.call('ruleRepoList', { query }, options);
  }

  get(query: QueryIn<'ruleRepoGet'>, options?: RequestOptions): Promise<RouteResult<'ruleRepoGet'>> {
    return this.call('ruleRepoGet', { query }, options);
  }

  create(body: BodyIn<'ruleRepoCreate'>, options?: RequestOptions): Promise<RouteResult<'ruleRepoCreate'>> {
    return this.call('ruleRepoCreate', { body }, options);
  }

  update(body: BodyIn<'ruleRepoUpdate'>, options?: RequestOptions): Promise<RouteResult<'ruleRepoUpdate'>> {
    return this.call('ruleRepoUpdate', { body }, options);
  }

  /** Past review results stay readable; an unknown id deletes none. */
  delete(body: BodyIn<'ruleRepoDelete'>, options?: RequestOptions): Promise<RouteResult<'ruleRepoDelete'>> {
    return this.call('ruleRepoDelete', { body }, options);
  }
}

export class RuleGroupsResource {
  constructor(private readonly call: Caller) {}

  create(body: BodyIn<'ruleGroupCreate'>, options?: RequestOptions): Promise<RouteResult<'ruleGroupCreate'>> {
    return this.call('ruleGroupCreate', { body }, options);
  }

  update(body: BodyIn<'ruleGroupUpdate'>, options?: RequestOptions): Promise<RouteResult<'ruleGroupUpdate'>> {
    return this.call('ruleGroupUpdate', { body }, options);
  }

  /** The group's rules go with it. */
  delete(body: BodyIn<'ruleGroupDelete'>, options?: RequestOptions): Promise<RouteResult<'ruleGroupDelete'>> {
    return this.call('ruleGroupDelete', { body }, options);
  }
}

export class RulesResource {
  constructor(private readonly call: Caller) {}

  create(body: BodyIn<'ruleCreate'>, options?: RequestOptions): Promise<RouteResult<'ruleCreate'>> {
    return this.call('ruleCreate', { body }, options);
  }

  update(body: BodyIn<'ruleUpdate'>, options?: RequestOptions): Promise<RouteResult<'ruleUpdate'>> {
    return this.call('ruleUpdate', { body }, options);
  }

  delete(body: BodyIn<'ruleDelete'>, options?: RequestOptions): Promise<RouteResult<'ruleDelete'>> {
    return this.call('ruleDelete', { body }, options);
  }

  /** Test-runs one rule over extraction tasks (/review/runRule, answered in a `data` envelope). */
  testRun(body: BodyIn<'reviewRunRule'>, options?: RequestOptions): Promise<RouteResult<'reviewRunRule'>> {
    return this.call('reviewRunRule', { body }, options);
  }
}

export class ReviewTasksResource {
  constructor(private readonly call: Caller) {}

  /** Never resent blind: after an ambiguous failure, look the task up before submitting again. */
  submit(body: BodyIn<'reviewTaskSubmit'>, options?: RequestOptions): Promise<RouteResult<'reviewTaskSubmit'>> {
    return this.call('reviewTaskSubmit', { body }, options);
  }

  result(body: BodyIn<'reviewTaskResult'>, options?: RequestOptions): Promise<RouteResult<'reviewTaskResult'>> {
    return this.call('reviewTaskResult', { body }, options);
  }

  retry(body: BodyIn<'reviewTaskRetry'>, options?: RequestOptions): Promise<RouteResult<'reviewTaskRetry'>> {
    return this.call('reviewTaskRetry', { body }, options);
  }

  retryRule(body: BodyIn<'reviewTaskRuleRetry'>, options?: RequestOptions): Promise<RouteResult<'reviewTaskRuleRetry'>> {
    return this.call('reviewTaskRuleRetry', { body }, options);
  }

  delete(body: BodyIn<'reviewTaskDelete'>, options?: RequestOptions): Promise<RouteResult<'reviewTaskDelete'>> {
    return this.call('reviewTaskDelete', { body }, options);
  }
}

export class ReviewResource {
  readonly repos: RuleReposResource;
  readonly groups: RuleGroupsResource;
  readonly rules: RulesResource;
  readonly tasks: ReviewTasksResource;

  constructor(call: Caller) {
    this.repos = new RuleReposResource(call);
    this.groups = new RuleGroupsResource(call);
    this.rules = new RulesResource(call);
    this.tasks = new ReviewTasksResource(call);
  }
}
