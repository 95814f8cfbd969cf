import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
} from '../../../src/main/content-security-policy';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part.length > 0)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('content security policy', () => {
  it('is strict: own scripts only, no plugins, no base or frame tricks', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|\*|data:|http:|https:/);
  });

  it('is the policy in the renderer index.html, less frame-ancestors which <meta> ignores', () => {
    const html = readFileSync(new URL('../../../src/renderer/index.html', import.meta.url), 'utf8');
    const metas = [...html.matchAll(/http-equiv="Content-Security-Policy"\s+content="([^"]*)"/g)];
    expect(metas).toHaveLength(1);
    expect(metas[0]?.[1]).toBe(META_CONTENT_SECURITY_POLICY);
    expect(directives(META_CONTENT_SECURITY_POLICY).has('frame-ancestors')).toBe(false);
  });
});
