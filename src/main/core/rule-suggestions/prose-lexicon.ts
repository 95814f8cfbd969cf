import type { CompareOp } from '../../../shared/rule-language/ast.js';
import type { MarkKind, ProseSymbol } from './prose-symbol.js';

/** A phrase and what it means; English phrases match whole words, Chinese anywhere. */
export interface LexiconEntry {
  pattern: string;
  symbols: (match: RegExpExecArray) => ProseSymbol[];
}

const compare = (op: CompareOp) => (): ProseSymbol[] => [{ kind: 'compare', op }];
const mark = (kind: MarkKind) => (): ProseSymbol[] => [{ kind }];

function phrases(meaning: LexiconEntry['symbols'], ...patterns: string[]): LexiconEntry[] {
  return patterns.map((pattern) => ({ pattern, symbols: meaning }));
}

/**
 * The words clerks use for the common shapes, English then Chinese. Words not listed are filler
 * and dropped; words that change a sentence's meaning beyond these shapes ("or", "minus", "每")
 * are `block`, so such a sentence gets no suggestion rather than a wrong one; so are words of a
 * condition and its consequence ("超过10万的需要审批" says when to ask, not what must hold).
 */
export const LEXICON: readonly LexiconEntry[] = [
  ...phrases(compare('>='), 'at least', 'no less than', 'not less than', 'no fewer than', 'a minimum of', 'on or after', 'no earlier than', 'greater than or equal to', 'more than or equal to', '大于等于', '大于或等于', '晚于或等于', '至少', '最少', '最低', '不低于'),
  ...phrases(compare('<='), 'at most', 'no more than', 'not more than', 'no greater than', 'a maximum of', 'up to', 'on or before', 'no later than', 'less than or equal to', '小于等于', '小于或等于', '早于或等于', '至多', '最多', '最高', '不超过', '不得超过', '不能超过', '不高于', '不晚于'),
  ...phrases(compare('>'), 'greater than', 'more than', 'larger than', 'higher than', 'bigger than', 'above', 'over', 'exceeds?', 'exceeding', 'later than', 'after', '大于', '超过', '超出', '高于', '多于', '晚于', '迟于', '之后'),
  ...phrases(compare('<'), 'less than', 'smaller than', 'lower than', 'fewer than', 'below', 'under', 'earlier than', 'before', '小于', '低于', '少于', '早于', '之前', '不足'),
  ...phrases(compare('='), 'equals?', 'equal to', 'the same as', 'same as', 'match(?:es)?', 'agrees? with', 'correspond(?:s)? to', '等于', '应为', '须为', '必须为', '必须是', '应是', '应当为', '应当是'),
  ...phrases((): ProseSymbol[] => [{ kind: 'sum' }, { kind: 'compare', op: '=' }], 'adds? up to', 'sums? to', '加起来等于', '相加等于', '合计等于', '之和等于'),
  ...phrases(mark('same'), '一致', '相等', '相同', '相符'),
  ...phrases(mark('not'), 'not', "(?:ca|must|should|shall|could|may|do|does|did|is|are|was|were|wo|would|need|has|have)n't", 'cannot', 'can not', 'may not', 'must not', 'never', 'reject', 'refuse', '不得', '不能', '不可', '不应', '不应该', '不许', '不准', '禁止', '严禁', '不予', '不', '勿', '未'),
  ...phrases(mark('may'), 'may', 'can', 'could', 'optional(?:ly)?', 'allowed', 'permitted', '可以', '可', '允许', '无需', '不必', '不需要'),
  ...phrases(mark('plus'), 'plus', 'added to', '\\+', '加上', '加'),
  ...phrases(mark('sum'), 'the sum of', 'sum of', 'the total of', 'total of', 'in total', '之和', '总和', '合计', '加总', '汇总', '总额'),
  ...phrases(mark('with'), 'and', 'with', '与', '和', '及', '跟', '同'),
  ...phrases(mark('required'), 'required', 'mandatory', 'compulsory', 'must be (?:filled(?: in| out)?|given|provided|entered|present)', 'filled(?: in| out)?', 'present', 'needs?(?: to have)?(?: an?)?', 'must (?:have|contain|include|show)(?: an?)?', 'has an?', '必填项?', '必须填写', '必须填', '需要填写', '需填写', '应填写', '要填写', '必须有', '必须提供', '应有', '必需'),
  ...phrases(mark('empty'), 'empty', 'blank', 'missing', 'left out', '空白', '为空', '空', '缺失', '留空'),
  ...phrases(mark('today'), 'today', "today's date", 'the current date', 'current date', 'now', '今天', '今日', '当天', '当日', '当前日期', '现在'),
  ...phrases(mark('future'), 'in the future', 'future(?:-dated)?', 'a future date', '将来', '未来'),
  ...phrases(mark('valid'), 'valid', 'well-formed', '有效', '必须有效', '应有效', '合法'),
  ...phrases(mark('negative'), 'negative', '负数', '负值', '负'),
  ...phrases(mark('positive'), 'positive', '正数', '正值'),
  ...phrases(mark('age'), 'old', 'ago', '距今', '距离今天', '至今'),
  ...phrases((): ProseSymbol[] => [{ kind: 'age' }, { kind: 'compare', op: '>' }], 'older than'),
  ...phrases(mark('rows'), 'rows?', 'lines?', 'entries', 'entry', '行数', '行', '条', '笔'),
  ...phrases(mark('block'), 'or', 'minus', 'less', 'times', 'multiplied', 'divided', 'each', 'if', 'unless', 'except', 'when', 'otherwise', 'either', 'per cent', 'percent', 'of which', 'approval', 'approved', '或', '或者', '减去', '减', '乘以', '乘', '除以', '除', '如果', '若', '除非', '否则', '每', '各', '之差', '差额', '百分之', '则', '时', '的话', '需要', '需', '审批', '批准', '审核'),
];
