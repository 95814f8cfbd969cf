// A 数电票 prints each item after its tax category between stars ("*信息技术服务*软件维护服务费"); a
// scan may lose the first star at the cell's edge, leaving "信息技术服务*软件维护服务费". A name then a
// figure ("矿泉水*24瓶", a pack's count) is no category.
const FIRST_STAR_LOST = /^(\p{Script=Han}{2,12})\*(?=\p{Script=Han})/u;

/** An item's name with the opening star of its *类别* put back where a scan lost it; any other text as it is. */
export function withCategoryStars(text: string): string {
  return text.replace(FIRST_STAR_LOST, '*$1*');
}
