import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { outsideOtherParties, partyBands, partyCandidates } from '../../../../../src/engine/pipeline/fields/party-blocks.js';
import type { Candidate } from '../../../../../src/engine/pipeline/fields/candidate.js';
import { PARTY_HEADINGS } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';
import { textDocument } from '../document-fixture.js';

// A VAT grid's two party blocks, each labelled by a word written down the left edge, one character a line.
const GRID = [
  '购  名称：  青禾文化有限公司',
  '买  纳税人识别号：91440300MA5F3K2Q7X',
  '方  地址、电话：  深圳市福田区梅林路63号',
  '',
  '货物名称  金额  税额',
  '',
  '销  名称：  南岭办公用品有限公司',
  '售  纳税人识别号：91440101MA59R8TL4C',
  '方  地址、电话：  广州市天河区龙口西路218号',
].join('\n');

const rows = () => rowsOf(textDocument(GRID));
const valuesOf = (candidates: readonly Candidate[]) => candidates.map((c) => c.value);

describe('party blocks labelled down the left edge', () => {
  it('finds a buyer band and a seller band from the columns of single characters', () => {
    expect(partyBands(rows()).map((b) => b.party)).toEqual(['buyer', 'seller']);
  });

  it("reads each party's name, tax id and address inside its own block only", () => {
    const bands = partyBands(rows());
    expect(valuesOf(partyCandidates('buyer_name', rows(), bands))).toEqual(['青禾文化有限公司']);
    expect(valuesOf(partyCandidates('buyer_tax_id', rows(), bands))).toEqual(['91440300MA5F3K2Q7X']);
    expect(valuesOf(partyCandidates('issuer_name', rows(), bands))).toEqual(['南岭办公用品有限公司']);
    expect(valuesOf(partyCandidates('issuer_tax_id', rows(), bands))).toEqual(['91440101MA59R8TL4C']);
    expect(valuesOf(partyCandidates('issuer_address', rows(), bands))).toEqual(['广州市天河区龙口西路218号']);
  });

  it("reads the city and the street of each party's address, without the province or the telephone", () => {
    const printed = GRID.replace('广州市天河区龙口西路218号', '广东省广州市天河区龙口西路218号 020-87654321');
    const [grid, bands] = [rowsOf(textDocument(printed)), partyBands(rowsOf(textDocument(printed)))];
    expect(['buyer_city', 'buyer_street', 'issuer_city', 'issuer_street'].map((role) => valuesOf(partyCandidates(role as 'buyer_city', grid, bands)))).toEqual([['深圳市'], ['福田区梅林路63号'], ['广州市'], ['天河区龙口西路218号']]);
  });

  it("drops a seller's candidate found in the buyer's block, and keeps those outside any block", () => {
    const bands = partyBands(rows());
    const [buyerName, sellerName] = [partyCandidates('buyer_name', rows(), bands)[0]!, partyCandidates('issuer_name', rows(), bands)[0]!];
    const elsewhere = { ...sellerName, boxes: [[0, 9000, 10, 9010]] as Candidate['boxes'] };
    expect(valuesOf(outsideOtherParties('issuer_name', bands, [buyerName, sellerName, elsewhere]))).toEqual(['南岭办公用品有限公司', '南岭办公用品有限公司']);
  });

  // A 数电票: the seller's block beside the buyer's, each under its own label down its left edge (a text page holds 78 characters a line).
  const beside = (left: string, right: string) => `${left.padEnd(34)}${right}`;
  const SIDE_BY_SIDE = [
    beside('购  名称：青禾文化有限公司', '销  名称：南岭办公用品有限公司'),
    beside('买', '售'),
    beside('方  纳税人识别号：91440300MA5F3K2Q7X', '方  纳税人识别号：91440101MA59R8TL4C'),
    beside('信', '信'),
    beside('息', '息'),
    '项目名称  规格型号  单位  数量  单价  金额  税率/征收率  税额',
  ].join('\n');

  it("ends the buyer's block where the seller's label begins beside it, so each party keeps its own values", () => {
    const pageRows = rowsOf(textDocument(SIDE_BY_SIDE));
    const bands = partyBands(pageRows);
    expect(bands.map((b) => [b.party, b.right !== undefined])).toEqual([
      ['buyer', true],
      ['seller', false],
    ]);
    const seller = [...partyCandidates('issuer_name', pageRows, bands), ...partyCandidates('issuer_tax_id', pageRows, bands)];
    expect(valuesOf(outsideOtherParties('issuer_name', bands, seller))).toEqual(['南岭办公用品有限公司', '91440101MA59R8TL4C']);
    expect(valuesOf(partyCandidates('buyer_tax_id', pageRows, bands))).toEqual(['91440300MA5F3K2Q7X']);
  });

  it('finds both blocks where a scan misread their labels ("购  息", "销隽信"), and a tax id\'s 0 read as O', () => {
    const pageRows = rowsOf(textDocument([beside('购  名称：青禾文化有限公司', '销  名称：南岭办公用品有限公司'), beside('', '隽'), beside('   纳税人识别号：9144030OMA5F3K2Q7H', '信  纳税人识别号：91440101MA59R8TL4C'), beside('息', '')].join('\n')));
    const bands = partyBands(pageRows);
    expect(bands.map((b) => b.party).sort()).toEqual(['buyer', 'seller']);
    expect(valuesOf(partyCandidates('buyer_tax_id', pageRows, bands))).toEqual(['91440300MA5F3K2Q7H']);
    expect(valuesOf(partyCandidates('issuer_tax_id', pageRows, bands))).toEqual(['91440101MA59R8TL4C']);
  });

  it("takes a label's one character a scan kept at the buyer's side of the seller's block for the buyer's label, or none at all", () => {
    const rows = (left: string) => rowsOf(textDocument([beside('   名称：青禾文化有限公司', '销  名称：南岭办公用品有限公司'), beside('', '售'), beside(`${left}  纳税人识别号：91440300MA5F3K2Q7H`, '方  纳税人识别号：91440101MA59R8TL4C')].join('\n')));
    expect(valuesOf(partyCandidates('buyer_name', rows('息'), partyBands(rows('息'))))).toEqual(['青禾文化有限公司']);
    expect(valuesOf(partyCandidates('buyer_tax_id', rows(' '), partyBands(rows(' '))))).toEqual(['91440300MA5F3K2Q7H']);
    expect(valuesOf(partyCandidates('issuer_tax_id', rows(' '), partyBands(rows(' '))))).toEqual(['91440101MA59R8TL4C']);
  });

  it('takes no stray character for a block', () => {
    expect(partyBands(rowsOf(textDocument('购  名称：青禾文化有限公司\n\n\n\n\n\n\n\n项目名称  数量')))).toEqual([]);
  });

  it('finds no block on a page without a party word down its edge', () => {
    expect(partyBands(rowsOf(textDocument('名称：  某公司\n纳税人识别号：91440300MA5F3K2Q7X')))).toEqual([]);
  });

  // The headings are the vocabulary's, as party sections read them printed across (party-sections.test.ts).
  const written = (['buyer', 'seller'] as const).flatMap((party) => PARTY_HEADINGS[party].filter((h) => /^\p{Script=Han}+$/u.test(h)).map((h) => [party, h] as const));

  it.each(written)('finds a %s band labelled "%s" down the edge, and reads its name', (party, heading) => {
    const column = Array.from(heading).map((ch, i) => `${ch}  ${i === 0 ? '名称：  青禾文化有限公司' : ''}`.trimEnd());
    const pageRows = rowsOf(textDocument(column.join('\n')));
    const bands = partyBands(pageRows);
    expect(bands.map((b) => b.party)).toEqual([party]);
    expect(valuesOf(partyCandidates(party === 'buyer' ? 'buyer_name' : 'issuer_name', pageRows, bands))).toEqual(['青禾文化有限公司']);
  });

  it('reads a spread name label a scan read apart from its colon ("名" and "称深圳…")', () => {
    const printed = GRID.replace('购  名称：  青禾文化有限公司', '购  名  称青禾文化有限公司');
    const grid = rowsOf(textDocument(printed));
    expect(valuesOf(partyCandidates('buyer_name', grid, partyBands(grid)))).toEqual(['青禾文化有限公司']);
  });
});
