// One source for the renderer's policy: both hosts (the Electron window, the web host) send it as a
// header and src/renderer/index.html carries it in a <meta> tag (file:// pages may get no headers).
// A unit test keeps the two in step.
const DIRECTIVES: readonly (readonly [name: string, value: string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

function serialize(directives: readonly (readonly [string, string])[]): string {
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

export const CONTENT_SECURITY_POLICY = serialize(DIRECTIVES);

// Browsers ignore frame-ancestors in a <meta> policy (and warn about it), so the tag omits it.
export const META_CONTENT_SECURITY_POLICY = serialize(
  DIRECTIVES.filter(([name]) => name !== 'frame-ancestors'),
);
