import { describe, expect, it } from 'vitest';
import { withCategoryStars } from '../../../../../src/engine/pipeline/tables/item-category.js';

describe('an item with its *类别*', () => {
  it('gets back the opening star a scan lost', () => {
    expect(['计算机外部设备*扫描仪', '纸制品*打印纸A4', '运输服务*国内道路货物运输服务'].map((t) => withCategoryStars(t))).toEqual(['*计算机外部设备*扫描仪', '*纸制品*打印纸A4', '*运输服务*国内道路货物运输服务']);
  });

  it('reads a star a scan took for a quotation mark or another star-like sign as the star', () => {
    expect(['餐饮服务“餐费', '*餐饮服务”餐费', '*纸制品＊复印纸'].map((t) => withCategoryStars(t))).toEqual(['*餐饮服务*餐费', '*餐饮服务*餐费', '*纸制品*复印纸']);
    // A closing mark after a whole name, with no opening one, is a speck.
    expect(['*建筑服务*装修工程款”', '*文化服务*“读书”活动'].map((t) => withCategoryStars(t))).toEqual(['*建筑服务*装修工程款', '*文化服务*“读书”活动']);
  });

  it("ends a category whose closing star was lost at the first ending the tax classification gives its categories, where the item's own name follows", () => {
    expect(['*现代服务咨询服务费', '*住宿服务住宿费', '*纸制品打印纸A4', '*办公用品文件柜'].map((t) => withCategoryStars(t))).toEqual(['*现代服务*咨询服务费', '*住宿服务*住宿费', '*纸制品*打印纸A4', '*办公用品*文件柜']);
  });

  it('puts back both stars of a name that lost them in a table whose other items carry their *类别*, and only there', () => {
    expect(['办公用品签字笔', '现代服务咨询服务费', '计算机服务器', '办公椅'].map((t) => withCategoryStars(t, true))).toEqual(['*办公用品*签字笔', '*现代服务*咨询服务费', '计算机服务器', '办公椅']);
    expect(withCategoryStars('办公用品签字笔')).toBe('办公用品签字笔');
  });

  it('leaves a whole category, a pack count, a quoted name, a category of no known ending and other text as they are', () => {
    const asThey = ['*纸制品*复印纸', '矿泉水*24瓶', 'Cable*2', '办公椅', '“双十一”礼包', '*计算机服务器', '*电子计算机笔记本电脑'];
    expect(asThey.map((t) => withCategoryStars(t))).toEqual(asThey);
  });
});
