import { hasWord } from '../document/text-match.js';

/** Legal forms of companies: the surest sign that a line is a company's name. */
export const LEGAL_FORMS = ['sdn bhd', 'sdn. bhd', 'sdn', 'bhd', 's/b', 'ltd', 'limited', 'inc', 'llc', 'corp', 'corporation', 'plc', 'gmbh', 'ag', 'kg', 'a.g.', 'e.v.', 'sarl', 's.a.r.l.', 'sas', 's.a.', 's.l.', 's.p.a.', 's.r.l.', 'b.v.', 'n.v.', 'pty', '有限公司', '株式会社', '有限会社'];

export const hasLegalForm = (text: string) => LEGAL_FORMS.some((form) => hasWord(text, form));
