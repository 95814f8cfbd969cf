// Vite answers "?url" imports with the URL of the emitted asset (same origin, so the CSP allows it).
declare module '*?url' {
  const url: string;
  // eslint-disable-next-line no-restricted-syntax -- the shape of Vite's modules, not one of ours
  export default url;
}
