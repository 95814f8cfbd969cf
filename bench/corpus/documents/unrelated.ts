import type { Block, GeneratedDocument } from '../document-model.js';
import type { Rng } from '../rng.js';
import { company, pastDate, printedDate, type Language } from '../values.js';

const A4 = { width: 595, height: 842 };

type Maker = (rng: Rng) => Block[];

const ZH: Maker[] = [
  (rng) => [
    { kind: 'title', text: '项目周例会会议纪要' },
    { kind: 'pairs', pairs: [['日期', printedDate(rng, pastDate(rng), 'zh')], ['地点', '三楼会议室'], ['主持人', '王经理']], columns: 1, style: 'colon' },
    { kind: 'paragraph', text: '一、上周进度：完成了需求评审和接口设计，测试环境已经搭建完毕。二、本周计划：开始开发数据导入模块，并安排两次用户访谈。三、风险：服务器采购流程较慢，可能影响上线时间。' },
  ],
  (rng) => [
    { kind: 'title', text: '关于调整办公时间的通知' },
    { kind: 'paragraph', text: `各部门：根据公司安排，自${printedDate(rng, pastDate(rng), 'zh')}起，夏季办公时间调整为上午八点半至下午五点半。请各部门负责人通知到每一位员工，如有疑问请联系行政部。` },
    { kind: 'paragraph', text: `${company(rng, 'zh')} 行政部` },
  ],
  () => [
    { kind: 'title', text: '产品说明书' },
    { kind: 'paragraph', text: '本产品适用于家庭和小型办公室使用。使用前请仔细阅读本说明书，并妥善保管。请勿将本产品放置在潮湿或高温的环境中。清洁时请先断开电源，用干布轻轻擦拭。' },
    { kind: 'pairs', pairs: [['额定电压', '220V'], ['额定功率', '45W'], ['净重', '1.2kg']], columns: 1, style: 'colon' },
  ],
];

const EN: Maker[] = [
  (rng) => [
    { kind: 'title', text: 'Minutes of the Project Meeting' },
    { kind: 'pairs', pairs: [['Date', printedDate(rng, pastDate(rng), 'en')], ['Location', 'Room 3B'], ['Chair', 'J. Miller']], columns: 1, style: 'colon' },
    { kind: 'paragraph', text: 'The team reviewed progress on the data import module. Interviews with two customers are planned for next week. The server purchase is delayed, which may move the release date by two weeks.' },
  ],
  (rng) => [
    { kind: 'title', text: 'Weather Report' },
    { kind: 'paragraph', text: `Forecast issued ${printedDate(rng, pastDate(rng), 'en')}. Sunny in the morning with light winds from the north-east. Clouds build in the afternoon and a few showers are possible in the evening. Highs around 24 degrees, lows near 15.` },
  ],
  (rng) => [
    { kind: 'title', text: 'Letter of Recommendation' },
    { kind: 'paragraph', text: `To whom it may concern, I am pleased to recommend Ms. Chen, who worked with us at ${company(rng, 'en')} for four years. She led our customer support team with great care and was always willing to help colleagues. I recommend her without reservation.` },
  ],
];

/** A document no starter category fits: minutes, notices, manuals, letters, weather reports. */
export function unrelatedDocument(rng: Rng, language: Language): GeneratedDocument {
  return { kind: 'other', category: '', language, blocks: rng.pick(language === 'zh' ? ZH : EN)(rng), page: A4, faults: [], truth: { fields: {}, tables: {} } };
}
