// pdf.js's legacy build (the one Node loads) installs core-js's JSON.stringify, to support JSON.rawJSON,
// for the whole process: 18x slower on a 660 KB answer (2.6 against 49 ms), on every answer of the
// engine and the web host and every record the cache writes. Evaluated before pdf.js is, this module
// keeps the platform's own, and puts it back once pdf.js has loaded; pdf.js reads and draws the same.
const NATIVE_STRINGIFY = JSON.stringify;

/** Puts the platform's JSON.stringify back after a library replaced it. */
export function restoreNativeJson(): void {
  JSON.stringify = NATIVE_STRINGIFY;
}
