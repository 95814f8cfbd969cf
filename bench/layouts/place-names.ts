import type { Rng } from '../corpus/rng.js';
import { company as chineseCompany } from '../corpus/values.js';
import type { Country } from './conventions.js';

interface Places {
  /** [postcode, city, region printed after the city] */
  cities: readonly (readonly [string, string, string?])[];
  streets: readonly string[];
  /** The house number before the street ("12 rue des Tanneurs") or after it ("Hauptstraße 12"). */
  numberFirst: boolean;
  names: readonly string[];
  trades: readonly string[];
  forms: readonly string[];
  /** How a company name is put together from a name, a trade and a legal form. */
  company: (name: string, trade: string, form: string) => string;
}

const nameTradeForm = (name: string, trade: string, form: string) => `${name} ${trade} ${form}`;
const tradeNameForm = (name: string, trade: string, form: string) => `${trade} ${name} ${form}`;

const PLACES: Readonly<Record<Country, Places>> = {
  DE: { cities: [['80333', 'München'], ['50667', 'Köln'], ['20095', 'Hamburg'], ['70173', 'Stuttgart'], ['04109', 'Leipzig'], ['86150', 'Augsburg']], streets: ['Industriestraße', 'Hauptstraße', 'Bahnhofstraße', 'Gewerbering', 'Lindenallee', 'Am Hafen'], numberFirst: false, names: ['Brandl', 'Huber', 'Weiß', 'Lechner', 'Kraus', 'Vogel', 'Sommer', 'Falk'], trades: ['Metallbau', 'Bürotechnik', 'Elektro', 'Logistik', 'Druckerei', 'Software'], forms: ['GmbH', 'GmbH & Co. KG', 'AG', 'KG'], company: nameTradeForm },
  AT: { cities: [['1010', 'Wien'], ['8010', 'Graz'], ['4020', 'Linz'], ['5020', 'Salzburg']], streets: ['Mariahilfer Straße', 'Landstraße', 'Hauptplatz', 'Herrengasse'], numberFirst: false, names: ['Gruber', 'Pichler', 'Moser', 'Steiner', 'Hofer'], trades: ['Holzbau', 'Haustechnik', 'Handel', 'Gastronomiebedarf'], forms: ['GmbH', 'Ges.m.b.H.', 'KG'], company: nameTradeForm },
  FR: { cities: [['69001', 'Lyon'], ['75011', 'Paris'], ['13002', 'Marseille'], ['33000', 'Bordeaux'], ['31000', 'Toulouse'], ['44000', 'Nantes']], streets: ['rue des Tanneurs', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue de la République', 'chemin des Vignes', 'allée des Tilleuls'], numberFirst: true, names: ['Vernet', 'Dubois', 'Lefèvre', 'Moreau', 'Garnier', 'Fontaine'], trades: ['Atelier', 'Imprimerie', 'Transports', 'Conseil', 'Menuiserie', 'Éditions'], forms: ['SARL', 'SAS', 'SA', 'EURL'], company: tradeNameForm },
  BE: { cities: [['1000', 'Brussel'], ['2000', 'Antwerpen'], ['9000', 'Gent'], ['3000', 'Leuven']], streets: ['Kerkstraat', 'Meir', 'Stationsstraat', 'Nieuwstraat'], numberFirst: false, names: ['Peeters', 'Maes', 'Claes', 'Wouters', 'Goossens'], trades: ['Bouwwerken', 'Drukkerij', 'Logistiek', 'Kantoorinrichting'], forms: ['BV', 'NV', 'CommV'], company: nameTradeForm },
  GB: { cities: [['SW1A 1AA', 'London'], ['M1 1AE', 'Manchester'], ['B1 1AA', 'Birmingham'], ['LS1 4DY', 'Leeds'], ['EH1 1YZ', 'Edinburgh'], ['BS1 4DJ', 'Bristol']], streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Queen Street'], numberFirst: true, names: ['Harbour', 'Thornbury', 'Ashdown', 'Kingsley', 'Whitmore', 'Pennington'], trades: ['Supplies', 'Engineering', 'Print', 'Consulting', 'Logistics'], forms: ['Ltd', 'Limited', 'PLC', 'LLP'], company: nameTradeForm },
  IE: { cities: [['D02 X285', 'Dublin 2'], ['D08 VF8H', 'Dublin 8'], ['T12 R5CP', 'Cork'], ['H91 E2K3', 'Galway'], ['V94 T9PX', 'Limerick'], ['X91 K0EK', 'Waterford']], streets: ['Grafton Street', 'Main Street', 'Patrick Street', 'Dock Road', 'Shop Street', "O'Connell Street"], numberFirst: true, names: ['Brennan', 'Keane', 'Doyle', 'Gallagher', 'Lynch', 'Quinn'], trades: ['Supplies', 'Engineering', 'Print', 'Technologies', 'Logistics'], forms: ['Ltd', 'Limited', 'DAC', 'Teoranta'], company: nameTradeForm },
  US: { cities: [['62704', 'Springfield', 'IL'], ['78701', 'Austin', 'TX'], ['97204', 'Portland', 'OR'], ['80202', 'Denver', 'CO'], ['02108', 'Boston', 'MA'], ['30303', 'Atlanta', 'GA']], streets: ['Main Street', 'Oak Avenue', 'Market Street', 'Industrial Parkway', 'Elm Street'], numberFirst: true, names: ['Northwind', 'Bluebird', 'Summit', 'Evergreen', 'Redwood', 'Lakeside'], trades: ['Supply', 'Industries', 'Technologies', 'Services', 'Distribution'], forms: ['Inc.', 'LLC', 'Corp.', 'Co.'], company: nameTradeForm },
  IT: { cities: [['20121', 'Milano', 'MI'], ['00184', 'Roma', 'RM'], ['10121', 'Torino', 'TO'], ['40121', 'Bologna', 'BO'], ['50123', 'Firenze', 'FI']], streets: ['Via Roma', 'Corso Venezia', 'Via Garibaldi', 'Viale Europa', 'Via Mazzini'], numberFirst: false, names: ['Rossi', 'Bianchi', 'Ferrari', 'Colombo', 'Ricci', 'Marino'], trades: ['Arredamenti', 'Tipografia', 'Trasporti', 'Informatica', 'Meccanica'], forms: ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.'], company: tradeNameForm },
  ES: { cities: [['28013', 'Madrid'], ['08002', 'Barcelona'], ['46002', 'Valencia'], ['41001', 'Sevilla'], ['48001', 'Bilbao']], streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle de Alcalá', 'Paseo de Gracia', 'Gran Vía'], numberFirst: false, names: ['García', 'Martínez', 'López', 'Sánchez', 'Romero'], trades: ['Distribuciones', 'Suministros', 'Transportes', 'Gráficas', 'Servicios'], forms: ['S.L.', 'S.A.', 'S.L.U.'], company: tradeNameForm },
  NL: { cities: [['1017 AB', 'Amsterdam'], ['3011 AD', 'Rotterdam'], ['3511 LX', 'Utrecht'], ['2511 CV', 'Den Haag'], ['5611 EM', 'Eindhoven']], streets: ['Keizersgracht', 'Kerkstraat', 'Stationsweg', 'Industrieweg', 'Marktplein'], numberFirst: false, names: ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Mulder'], trades: ['Installatietechniek', 'Drukwerk', 'Transport', 'Kantoorartikelen', 'Bouw'], forms: ['B.V.', 'N.V.', 'V.O.F.'], company: nameTradeForm },
  CN: { cities: [['100080', '北京市'], ['200120', '上海市'], ['518057', '深圳市'], ['310012', '杭州市']], streets: ['海淀区中关村大街', '浦东新区世纪大道', '南山区科技园路', '西湖区文三路', '朝阳区建国路'], numberFirst: false, names: [], trades: [], forms: [], company: (name) => name },
  MY: { cities: [['47810', 'PETALING JAYA', 'SELANGOR'], ['50450', 'KUALA LUMPUR'], ['81100', 'JOHOR BAHRU', 'JOHOR'], ['10200', 'GEORGE TOWN', 'PULAU PINANG']], streets: ['JALAN PJU 5/1', 'JALAN AMPANG', 'JALAN TUN RAZAK', 'JALAN BUKIT BINTANG'], numberFirst: true, names: ['KEDAI', 'SYARIKAT', 'RESTORAN', 'PASARAYA'], trades: ['MAJU JAYA', 'SRI MURNI', 'BAROKAH', 'HENG LEE', 'AIK CHEONG'], forms: ['SDN BHD', 'ENTERPRISE', 'TRADING'], company: nameTradeForm },
};

export interface Address {
  street: string;
  postcode: string;
  city: string;
  /** A region printed after the city (a US state, an Italian province), or ''. */
  region: string;
}

export function companyName(rng: Rng, country: Country): string {
  if (country === 'CN') return chineseCompany(rng, 'zh');
  const places = PLACES[country];
  return places.company(rng.pick(places.names), rng.pick(places.trades), rng.pick(places.forms));
}

export function address(rng: Rng, country: Country): Address {
  const places = PLACES[country];
  const [postcode, city, region = ''] = rng.pick(places.cities);
  const street = rng.pick(places.streets);
  const number = String(rng.int(1, 180));
  if (country === 'CN') return { street: `${street}${number}号`, postcode, city, region };
  return { street: places.numberFirst ? `${number} ${street}` : `${street} ${number}`, postcode, city, region };
}

/** The line with postcode and city as the country prints it ("80333 München", "Springfield, IL 62704", "London" then "SW1A 1AA"). */
export function postalLines(country: Country, a: Pick<Address, 'postcode' | 'city' | 'region'>): string[] {
  if (country === 'US') return [`${a.city}, ${a.region} ${a.postcode}`];
  if (country === 'GB' || country === 'IE') return [a.city, a.postcode];
  if (country === 'IT' && a.region) return [`${a.postcode} ${a.city} (${a.region})`];
  if (country === 'MY') return [`${a.postcode} ${a.city}${a.region ? `, ${a.region}` : ''}`];
  return [`${a.postcode} ${a.city}`];
}

const FIRST_NAMES = ['Anna', 'Petra', 'Marc', 'Julia', 'Thomas', 'Sophie', 'Luca', 'Elena', 'Pieter', 'Carmen'];
const LAST_NAMES = ['Lechner', 'Martin', 'Rossi', 'Jansen', 'García', 'Smith', 'Dubois', 'Weber'];

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}
