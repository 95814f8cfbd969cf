import { describe, expect, it } from 'vitest';
import { countryCodeOfName, isCountryName, namesCountry } from '../../../../../src/engine/pipeline/words/country-names.js';

describe('country names', () => {
  it('knows a name in any desk language, and the short forms addresses print', () => {
    expect(['Österreich', '中国', 'USA', 'UK', 'Hong Kong'].map(countryCodeOfName)).toEqual(['AT', 'CN', 'US', 'GB', 'HK']);
    expect(countryCodeOfName('USt-IdNr')).toBeUndefined();
  });

  it('tells a name whatever the reader made of its spaces and points, and a name among other words', () => {
    expect(['MALAYSIA.', 'U.S.A.', 'United  Kingdom', 'Brunei'].map(isCountryName)).toEqual([true, true, true, true]);
    expect(isCountryName('Kuala Lumpur')).toBe(false);
    expect(['47100 Puchong, Selangor Malaysia', 'Singapore 123456', 'UNITED KINGDOM'].map(namesCountry)).toEqual([true, true, true]);
    expect(['THANK YOU', 'Jalan Meranti 12'].map(namesCountry)).toEqual([false, false]);
  });
});
