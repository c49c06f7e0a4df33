import { describe, expect, it } from 'vitest';
import { parseDecimal, readCoordinates, readNumeric } from './values.js';

describe('parseDecimal', () => {
  it('reads finite numbers and decimal text, and refuses everything else', () => {
    expect(parseDecimal(' -21.5 ')).toBe(-21.5);
    expect(parseDecimal('1e3')).toBe(1000);
    expect(parseDecimal(7)).toBe(7);
    for (const value of ['', '0x10', 'Infinity', '1e999', '21,5', true, null, Number.NaN]) {
      expect(parseDecimal(value)).toBeNull();
    }
  });
});

describe('readNumeric', () => {
  it('accepts a decimal comma and a JSON field, and tells empty from non-numeric', () => {
    expect(readNumeric('21,5')).toEqual({ value: 21.5, isNonNumeric: false, isEmpty: false });
    expect(readNumeric('{"temp":18}', 'temp').value).toBe(18);
    expect(readNumeric('abierto')).toEqual({ value: null, isNonNumeric: true, isEmpty: false });
    expect(readNumeric('  ')).toEqual({ value: null, isNonNumeric: false, isEmpty: true });
  });
});

describe('readCoordinates', () => {
  it('reads latitude and longitude by field name, and refuses missing or out-of-range ones', () => {
    expect(readCoordinates('{"lat":-34.6,"lng":"-58,38"}', 'lat', 'lng')).toEqual({
      lat: -34.6,
      lng: -58.38,
    });
    expect(readCoordinates('{"lat":91,"lng":0}', 'lat', 'lng')).toBeNull();
    expect(readCoordinates('{"lat":1}', 'lat', 'lng')).toBeNull();
    expect(readCoordinates('no es json', 'lat', 'lng')).toBeNull();
    expect(readCoordinates('{"lat":1,"lng":2}', null, 'lng')).toBeNull();
  });
});
