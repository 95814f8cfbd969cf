import { describe, expect, it, vi } from 'vitest';
import type { OverlayTarget } from '../../../../src/renderer/features/viewer/overlay-boxes';
import { createTargetInputs } from '../../../../src/renderer/features/viewer/use-target-inputs';

/** An input as far as focusing goes. */
function input() {
  return { focus: vi.fn(), select: vi.fn() } as unknown as HTMLInputElement & { focus: ReturnType<typeof vi.fn>; select: ReturnType<typeof vi.fn> };
}

describe("the fields' inputs by target", () => {
  it('focuses and selects an input in the page at once', () => {
    const inputs = createTargetInputs();
    const element = input();
    inputs.register({ field: 2 }, element);
    inputs.focus({ field: 2 });
    expect(element.focus).toHaveBeenCalledOnce();
    expect(element.select).toHaveBeenCalledOnce();
  });

  it('has a long list bring in a field not in the page, and focuses it once it is there', () => {
    const inputs = createTargetInputs();
    const reveal = vi.fn((target: OverlayTarget) => 'field' in target);
    inputs.revealWith(reveal);
    inputs.focus({ field: 420 });
    expect(reveal).toHaveBeenCalledWith({ field: 420 });
    const other = input();
    inputs.register({ field: 419 }, other);
    expect(other.focus).not.toHaveBeenCalled();
    const element = input();
    inputs.register({ field: 420 }, element);
    expect(element.focus).toHaveBeenCalledOnce();
    // Once only: the row rendering again does not take the focus back.
    inputs.register({ field: 420 }, element);
    expect(element.focus).toHaveBeenCalledOnce();
  });

  it('forgets a target nobody could bring in, or one asked for before another', () => {
    const inputs = createTargetInputs();
    inputs.focus({ cell: [1, 1] });
    const cell = input();
    inputs.register({ cell: [1, 1] }, cell);
    expect(cell.focus).not.toHaveBeenCalled();

    const stop = inputs.revealWith(() => true);
    inputs.focus({ field: 7 });
    inputs.focus({ field: 8 });
    const seventh = input();
    inputs.register({ field: 7 }, seventh);
    expect(seventh.focus).not.toHaveBeenCalled();
    stop();
    inputs.focus({ field: 9 });
    const ninth = input();
    inputs.register({ field: 9 }, ninth);
    expect(ninth.focus).not.toHaveBeenCalled();
  });
});
