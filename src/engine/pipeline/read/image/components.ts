/** A connected region of a binary mask: its bounding box and pixel count. */
export type Component = { left: number; top: number; right: number; bottom: number; pixels: number };

/** 8-connected regions of the set pixels of a width × height mask (flood fill with an explicit stack). */
export function components(mask: Uint8Array, width: number, height: number): Component[] {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const found: Component[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const component: Component = { left: width, top: height, right: 0, bottom: 0, pixels: 0 };
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top]!;
      const [x, y] = [i % width, Math.floor(i / width)];
      component.pixels++;
      component.left = Math.min(component.left, x);
      component.right = Math.max(component.right, x + 1);
      component.top = Math.min(component.top, y);
      component.bottom = Math.max(component.bottom, y + 1);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (mask[n] && !seen[n]) {
            seen[n] = 1;
            stack[top++] = n;
          }
        }
      }
    }
    found.push(component);
  }
  return found;
}

/** Grows the set pixels by `radius` (a square neighbourhood), closing small gaps between strokes. */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    // Two sweeps per axis: distance to the nearest set pixel on the left, then on the right.
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]) last = x;
      if (x - last <= radius) rows[y * width + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[y * width + x]) last = x;
      if (last - x <= radius) rows[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (rows[y * width + x]) last = y;
      if (y - last <= radius) out[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (rows[y * width + x]) last = y;
      if (last - y <= radius) out[y * width + x] = 1;
    }
  }
  return out;
}

/** Set pixels of the mask inside a rectangle. */
export function countInside(mask: Uint8Array, width: number, left: number, top: number, right: number, bottom: number): number {
  const height = mask.length / width;
  let n = 0;
  for (let y = Math.max(0, Math.floor(top)); y < Math.min(height, Math.ceil(bottom)); y++) {
    for (let x = Math.max(0, Math.floor(left)); x < Math.min(width, Math.ceil(right)); x++) n += mask[y * width + x]!;
  }
  return n;
}
