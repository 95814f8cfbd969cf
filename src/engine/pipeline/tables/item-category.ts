// A 数电票 prints each item after its tax category between stars ("*信息技术服务*软件维护服务费"). A
// scan may lose the first star at the cell's edge ("信息技术服务*软件维护服务费"), read a star as a
// quotation mark or another star-like sign ("餐饮服务“餐费"), or lose the closing star between two
// runs of characters ("*现代服务咨询服务费"). A name then a figure ("矿泉水*24瓶", a pack's count) is no category.
const FIRST_STAR_LOST = /^(\p{Script=Han}{2,12})\*(?=\p{Script=Han})/u;
const STAR_LIKE = /[“”＊※]/gu;
const CATEGORY_MISREAD = /^\*?(\p{Script=Han}{2,12})[“”＊※](?=\p{Script=Han})/u;
// The tax classification names its categories with these endings (…服务, …制品, …设备, …产品, …用品): a
// category whose closing star was lost ends at the first of them, where two characters of the item's own name follow.
const CATEGORY_END = /^\*(\p{Script=Han}+?(?:服务|制品|设备|产品|用品|器材|配件|材料))(?=\p{Script=Han}{2})/u;

// A closing quotation mark after a name with its whole *类别* and no opening one: a speck.
const TRAILING_SPECK = /^(\*\p{Script=Han}+\*[^“”]*?)[”"]$/u;

/**
 * An item's name with the stars of its *类别* put back where a scan lost or misread them; any other
 * text as it is. In a table whose other items carry their *类别* (`categorised`), a name that lost
 * both stars gets them back where its category ends as the classification's do.
 */
export function withCategoryStars(text: string, categorised = false): string {
  if (TRAILING_SPECK.test(text)) return text.replace(TRAILING_SPECK, '$1');
  const stars = (text.match(/\*/gu) ?? []).length;
  const misread = (text.match(STAR_LIKE) ?? []).length === 1 && (stars === 0 || (stars === 1 && text.startsWith('*'))) ? text.replace(CATEGORY_MISREAD, '*$1*') : text;
  const opened = misread.replace(FIRST_STAR_LOST, '*$1*');
  const starless = categorised && !opened.includes('*') && /^\p{Script=Han}/u.test(opened) ? `*${opened}` : opened;
  const closed = starless.startsWith('*') && starless.indexOf('*', 1) < 0 ? starless.replace(CATEGORY_END, '*$1*') : starless;
  return closed === `*${opened}` ? opened : closed;
}

/** The name opens with a whole *类别* (as read, or put back). */
export function hasCategory(text: string): boolean {
  return /^\*\p{Script=Han}+\*/u.test(withCategoryStars(text));
}
