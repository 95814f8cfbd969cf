import type { Canvas } from '@napi-rs/canvas';

/**
 * A canvas's picture as PNG or JPEG, encoded on the calling thread. @napi-rs/canvas 0.1.x's async
 * `encode()` hands libuv's threadpool a bare pointer to the canvas's surface, so a canvas no one holds
 * any more is collected and freed in the middle of its encoding and the process dies with SIGSEGV
 * (Brooooooklyn/canvas#1312, fixed in its 1.x by #1314; the engine's crash in the OFD bench, a
 * core's backtrace in a threadpool thread inside skia.node calling address 0). Only the page workers
 * encode, on threads of their own, so encoding here holds no HTTP request up.
 */
export function encodeCanvas(canvas: Canvas, encoding: 'png' | 'jpeg', jpegQuality?: number): Uint8Array {
  const bytes = encoding === 'jpeg' ? canvas.encodeSync('jpeg', jpegQuality) : canvas.encodeSync('png');
  // A copy in memory of V8's own: the encoder's buffer may be Skia's memory, which is neither moved nor kept by a message to the engine's thread.
  return new Uint8Array(bytes);
}
