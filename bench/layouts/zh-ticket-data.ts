import type { Rng } from '../corpus/rng.js';
import { company, taxId } from '../corpus/values.js';
import type { DigitalParty } from './zh-digital-data.js';

// The two ticket variants of the 数电票 (issue 33): 电子发票（铁路电子客票）and 电子发票（航空运输电子客票行程单）.
// Their forms follow public descriptions of the tickets (a parser's test texts, OCR services' field
// lists); the tax bureau's own specification of either was not found, so the lengths of the e-ticket
// numbers and the ways an ID number is masked are as such texts show them, not as a standard fixes them.

/** The railway e-ticket's own values. */
export interface RailTrip {
  from: { name: string; latin: string };
  to: { name: string; latin: string };
  /** "G107", "K1234", "1461". */
  train: string;
  /** Departure time, "08:05". */
  time: string;
  /** "05车12F号". */
  seat: string;
}

/** The air itinerary's own values (one flight). */
export interface AirTrip {
  from: { name: string; code: string };
  to: { name: string; code: string };
  carrier: string;
  /** "CA1501". */
  flight: string;
  time: string;
  /** The fare basis printed under 客票级别/客票类别 ("Y", "B"). */
  fareBasis: string;
  baggage: string;
  /** 燃油附加费, 增值税税率 (percent), 增值税税额, 民航发展基金, 其他税费. */
  fuel: number;
  rate: number;
  tax: number;
  fund: number;
  otherTax: number;
  /** 验证码. */
  check: string;
  /** 填开单位. */
  issuer: string;
}

/** A ticket 数电票: what its PDF and OFD carry. */
export interface DigitalTicket {
  variant: 'rail' | 'air';
  /** 20 digits: year, region, channel, sequence. */
  number: string;
  /** 开票日期, ISO. */
  date: string;
  passenger: string;
  /** The passenger's ID number as the ticket prints it, masked ("1101011990****1234"). */
  idNumber: string;
  /** The day of travel, ISO. */
  travelDate: string;
  /** Train or flight number. */
  trip: string;
  /** 席别 or 座位等级 ("二等座", "经济舱"). */
  seatClass: string;
  /** 票价. */
  fare: number;
  /** 电子客票号 (railway) or 电子客票号码 (air). */
  ticketNumber: string;
  /** What the ticket costs in all: the fare on a railway ticket, 合计 on an itinerary. */
  total: number;
  /** The buyer a clerk asked the ticket for: a company with its code, or the passenger without one. */
  buyer: DigitalParty;
  rail?: RailTrip;
  air?: AirTrip;
}

const PEOPLE = ['张伟', '李娜', '王芳', '刘洋', '陈静', '赵磊', '孙丽', '周杰', '吴敏', '郑浩', '欧阳晨', '司马光明'];
const STATIONS: readonly { name: string; latin: string }[] = [
  { name: '北京南', latin: 'Beijingnan' },
  { name: '北京西', latin: 'Beijingxi' },
  { name: '上海虹桥', latin: 'Shanghaihongqiao' },
  { name: '广州南', latin: 'Guangzhounan' },
  { name: '深圳北', latin: 'Shenzhenbei' },
  { name: '杭州东', latin: 'Hangzhoudong' },
  { name: '南京南', latin: 'Nanjingnan' },
  { name: '武汉', latin: 'Wuhan' },
  { name: '成都东', latin: 'Chengdudong' },
  { name: '长沙南', latin: 'Changshanan' },
  { name: '郑州东', latin: 'Zhengzhoudong' },
  { name: '天津西', latin: 'Tianjinxi' },
  { name: '昆山南', latin: 'Kunshannan' },
  { name: '苏州', latin: 'Suzhou' },
];
// High-speed trains (G, D, C) sell seats by class; the older trains (K, T, Z, a bare number) sleepers and hard seats too.
const FAST_CLASSES = ['二等座', '二等座', '二等座', '一等座', '商务座', '无座'];
const SLOW_CLASSES = ['硬座', '硬卧', '软卧', '无座'];
const AIRPORTS: readonly { name: string; code: string }[] = [
  { name: '北京首都', code: 'PEK' },
  { name: '北京大兴', code: 'PKX' },
  { name: '上海虹桥', code: 'SHA' },
  { name: '上海浦东', code: 'PVG' },
  { name: '广州白云', code: 'CAN' },
  { name: '深圳宝安', code: 'SZX' },
  { name: '成都天府', code: 'TFU' },
  { name: '杭州萧山', code: 'HGH' },
  { name: '西安咸阳', code: 'XIY' },
  { name: '重庆江北', code: 'CKG' },
];
// Carrier, its two-character code and its three-digit ticketing code (the e-ticket number's prefix).
const CARRIERS: readonly { name: string; code: string; ticketing: string }[] = [
  { name: '中国国航', code: 'CA', ticketing: '999' },
  { name: '东方航空', code: 'MU', ticketing: '781' },
  { name: '南方航空', code: 'CZ', ticketing: '784' },
  { name: '海南航空', code: 'HU', ticketing: '880' },
  { name: '四川航空', code: '3U', ticketing: '876' },
  { name: '厦门航空', code: 'MF', ticketing: '731' },
];
const AIR_CLASSES = ['经济舱', '经济舱', '经济舱', '公务舱', '头等舱'];
const FARE_BASIS: Record<string, readonly string[]> = { 经济舱: ['Y', 'B', 'M', 'H', 'K'], 公务舱: ['C', 'J'], 头等舱: ['F'] };

const round2 = (n: number) => Math.round(n * 100) / 100;
const two = (n: number) => String(n).padStart(2, '0');
const isoDay = (year: number, month: number, day: number) => `${year}-${two(month)}-${two(day)}`;

/** Two stations, or two airports, not the same one. */
function twoOf<T>(rng: Rng, items: readonly T[]): [T, T] {
  const from = rng.pick(items);
  const to = rng.pick(items.filter((i) => i !== from));
  return [from, to];
}

/** An 18-digit resident ID number masked as tickets print it: its first 10 or 6 digits and last 4 kept. */
function maskedId(rng: Rng): string {
  const id = `${rng.pick(['110101', '310115', '440305', '330106', '510107', '420102'])}${rng.int(1960, 2005)}${two(rng.int(1, 12))}${two(rng.int(1, 28))}${rng.digits(3)}${rng.pick(['0', '1', '2', '5', '7', '9', 'X'])}`;
  return rng.chance(0.5) ? `${id.slice(0, 10)}****${id.slice(14)}` : `${id.slice(0, 6)}********${id.slice(14)}`;
}

/** The ticket's issuing date and the day of travel: a ticket is asked for after the trip, within 180 days. */
function dates(rng: Rng): { date: string; travelDate: string } {
  const month = rng.int(2, 12);
  const day = rng.int(1, 28);
  const back = rng.int(0, 20);
  const travel = new Date(Date.UTC(2025, month - 1, day - back));
  return { date: isoDay(2025, month, day), travelDate: travel.toISOString().slice(0, 10) };
}

/** The buyer: a company with its code, or (on a fifth of the tickets) the passenger, who has none. */
function buyer(rng: Rng, passenger: string): DigitalParty {
  return rng.chance(0.2) ? { name: passenger, taxId: null } : { name: company(rng, 'zh'), taxId: taxId(rng) };
}

/** A 数电票 number issued in 2025 in a region, through `channel`. */
const number = (rng: Rng, channel: string) => `25${rng.pick(['11', '31', '42', '44', '51', '33'])}${channel}${rng.digits(15)}`;

export function randomRailTicket(rng: Rng): DigitalTicket {
  const passenger = rng.pick(PEOPLE);
  const [from, to] = twoOf(rng, STATIONS);
  const fast = rng.chance(0.75);
  const train = fast ? `${rng.pick(['G', 'G', 'D', 'C'])}${rng.int(1, 9999)}` : rng.chance(0.8) ? `${rng.pick(['K', 'T', 'Z'])}${rng.int(1, 9999)}` : String(rng.int(1001, 7999));
  const seatClass = rng.pick(fast ? FAST_CLASSES : SLOW_CLASSES);
  const seat = seatClass === '无座' ? `${two(rng.int(1, 16))}车无座` : `${two(rng.int(1, 16))}车${String(rng.int(1, 20)).padStart(2, '0')}${rng.pick(['A', 'B', 'C', 'D', 'F'])}号`;
  const fare = rng.int(40, 3000) / 2;
  const { date, travelDate } = dates(rng);
  // 25 characters as such tickets show them: five digits, a letter now and then, fifteen digits, the year.
  const ticketNumber = `${rng.digits(5)}${rng.chance(0.3) ? rng.pick(['A', 'B', 'C']) : rng.digits(1)}${rng.digits(15)}${travelDate.slice(0, 4)}`;
  return {
    variant: 'rail',
    number: number(rng, '9'),
    date,
    passenger,
    idNumber: maskedId(rng),
    travelDate,
    trip: train,
    seatClass,
    fare,
    ticketNumber,
    total: fare,
    buyer: buyer(rng, passenger),
    rail: { from, to, train, time: `${two(rng.int(6, 22))}:${two(rng.int(0, 59))}`, seat },
  };
}

export function randomAirItinerary(rng: Rng): DigitalTicket {
  const passenger = rng.pick(PEOPLE);
  const [from, to] = twoOf(rng, AIRPORTS);
  const carrier = rng.pick(CARRIERS);
  const seatClass = rng.pick(AIR_CLASSES);
  const fare = rng.int(30, 600) * 10;
  const fuel = rng.pick([0, 20, 40, 60, 80, 100, 120]);
  const rate = 9;
  const tax = round2(((fare + fuel) * rate) / 100);
  const fund = 50;
  const { date, travelDate } = dates(rng);
  const flight = `${carrier.code}${rng.int(100, 9999)}`;
  return {
    variant: 'air',
    number: number(rng, '0'),
    date,
    passenger,
    idNumber: maskedId(rng),
    travelDate,
    trip: flight,
    seatClass,
    fare,
    ticketNumber: `${carrier.ticketing}${rng.digits(10)}`,
    total: round2(fare + fuel + tax + fund),
    buyer: buyer(rng, passenger),
    air: {
      from,
      to,
      carrier: carrier.name,
      flight,
      time: `${two(rng.int(6, 22))}:${rng.pick(['00', '05', '10', '15', '20', '30', '40', '45', '50', '55'])}`,
      fareBasis: rng.pick(FARE_BASIS[seatClass]!),
      baggage: seatClass === '经济舱' ? '20K' : seatClass === '公务舱' ? '30K' : '40K',
      fuel,
      rate,
      tax,
      fund,
      otherTax: 0,
      check: rng.digits(4),
      issuer: `${carrier.name}股份有限公司`,
    },
  };
}
