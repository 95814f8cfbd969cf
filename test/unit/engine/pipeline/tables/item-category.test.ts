import { describe, expect, it } from 'vitest';
import { withCategoryStars } from '../../../../../src/engine/pipeline/tables/item-category.js';

describe('an item with its *类别*', () => {
  it('gets back the opening star a scan lost', () => {
    expect(['计算机外部设备*扫描仪', '纸制品*打印纸A4', '运输服务*国内道路货物运输服务'].map(withCategoryStars)).toEqual(['*计算机外部设备*扫描仪', '*纸制品*打印纸A4', '*运输服务*国内道路货物运输服务']);
  });

  it('leaves a whole category, a pack count and other text as they are', () => {
    expect(['*纸制品*复印纸', '矿泉水*24瓶', 'Cable*2', '办公椅'].map(withCategoryStars)).toEqual(['*纸制品*复印纸', '矿泉水*24瓶', 'Cable*2', '办公椅']);
  });
});
