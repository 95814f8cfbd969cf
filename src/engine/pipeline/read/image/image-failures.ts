import { ProcessingFailure } from '../../document/parsed-document.js';

export function truncatedImage(kind: string): ProcessingFailure {
  return new ProcessingFailure(`The ${kind} image is truncated: its end is missing (an interrupted download or copy?). Upload the complete file.`);
}

export function damagedImage(kind: string): ProcessingFailure {
  return new ProcessingFailure(`The file is not a readable ${kind} image (damaged, truncated or not really a ${kind}).`);
}
