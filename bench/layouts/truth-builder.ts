import type { Decoy, DecoyKind, Printing, TruthValue } from './layout-document.js';

/** Collects a document's truth as its parts are drawn: a value is true only where a part printed it. */
export class TruthBuilder {
  readonly fields: Record<string, TruthValue> = {};
  readonly lines: Record<string, TruthValue>[] = [];
  readonly decoys: Decoy[] = [];

  /** A field's value printed once, in these boxes (one a line); a value printed again adds a place. */
  field(name: string, value: string | number | null | undefined, ...parts: Printing[]): void {
    if (value === null || value === undefined || value === '' || parts.length === 0) return;
    const known = this.fields[name];
    if (known) known.at.push({ page: 0, parts });
    else this.fields[name] = { value: String(value), at: [{ page: 0, parts }] };
  }

  /** A column's value on line `index` of the item table. */
  line(index: number, column: string, value: string | number | null | undefined, ...parts: Printing[]): void {
    if (value === null || value === undefined || parts.length === 0) return;
    while (this.lines.length <= index) this.lines.push({});
    this.lines[index]![column] = { value: String(value), at: [{ page: 0, parts }] };
  }

  decoy(what: DecoyKind, printing: Printing): void {
    this.decoys.push({ what, text: printing.text, at: [{ page: 0, parts: [printing] }] });
  }
}
