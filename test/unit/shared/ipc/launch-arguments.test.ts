import { describe, expect, it } from 'vitest';
import { readVersionArgument, versionArgument } from '../../../../src/shared/ipc/launch-arguments';

describe('launch arguments', () => {
  it('round-trips the version through argv', () => {
    const argv = ['/opt/Docket/docket', '--type=renderer', versionArgument('1.2.3')];
    expect(readVersionArgument(argv)).toBe('1.2.3');
  });

  it('reads nothing when the argument is absent or empty', () => {
    expect(readVersionArgument(['/opt/Docket/docket', '--type=renderer'])).toBeUndefined();
    expect(readVersionArgument([versionArgument('')])).toBeUndefined();
  });
});
