// The sandboxed preload cannot ask the main process anything synchronously, so facts it needs
// before the page runs travel as extra command-line arguments (webPreferences.additionalArguments).
export const VERSION_ARGUMENT_PREFIX = '--docket-version=';

export function versionArgument(version: string): string {
  return `${VERSION_ARGUMENT_PREFIX}${version}`;
}

export function readVersionArgument(argv: readonly string[]): string | undefined {
  const argument = argv.find((value) => value.startsWith(VERSION_ARGUMENT_PREFIX));
  const version = argument?.slice(VERSION_ARGUMENT_PREFIX.length);
  return version ? version : undefined;
}
