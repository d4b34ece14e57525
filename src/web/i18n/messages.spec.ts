import { describe, expect, it } from '@jest/globals';
import iconv from 'iconv-lite';
import { chooseLanguage, cookieValue } from './language.js';
import { en } from './messages.en.js';
import { message } from './messages.js';
import { zhCN } from './messages.zh-CN.js';
import { zhHant } from './messages.zh-Hant.js';

describe('message catalogues', () => {
  it('have exactly the same keys in English, Simplified and Traditional Chinese', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(zhHant).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the same placeholders in every language, and no empty string', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      for (const catalogue of [zhCN, zhHant]) {
        expect([key, placeholders(catalogue[key])]).toEqual([key, placeholders(en[key])]);
        expect(catalogue[key].length).toBeGreaterThan(0);
      }
    }
  });

  it('write Traditional Chinese in traditional characters only (each one Big5 has), with the same terms', () => {
    const han = Object.values(zhHant).flatMap((text) => [...text].filter((c) => /\p{Script=Han}/u.test(c)));
    expect(han.filter((c) => iconv.decode(iconv.encode(c, 'big5'), 'big5') !== c)).toEqual([]);
    expect([zhHant['col.contract'], zhHant['col.declarer'], zhHant['col.lead'], zhHant['col.matchpoints'], zhHant['board.dealer'], zhHant['vul.NONE']]).toEqual(['定約', '莊家', '首攻', '比賽分', '發牌人', '雙方無局']);
  });

  it('use the Chinese Laws’ bridge terms', () => {
    expect([zhCN['col.contract'], zhCN['col.declarer'], zhCN['col.lead'], zhCN['col.matchpoints'], zhCN['col.place'], zhCN['board.dealer']]).toEqual(['定约', '庄家', '首攻', '比赛分', '名次', '发牌人']);
    expect([zhCN['vul.NONE'], zhCN['vul.NS'], zhCN['vul.EW'], zhCN['vul.BOTH']]).toEqual(['双方无局', '南北有局', '东西有局', '双方有局']);
  });

  it('fills placeholders', () => {
    expect(message('en', 'board.title', { number: 7 })).toBe('Board 7');
    expect(message('zh-CN', 'board.title', { number: 7 })).toBe('第 7 副');
  });
});

describe('choosing the language', () => {
  it('prefers ?lang=, then the cookie, then Accept-Language by quality, else English', () => {
    expect(chooseLanguage('zh-CN', 'en', 'en')).toBe('zh-CN');
    expect(chooseLanguage(undefined, 'zh-CN', 'en')).toBe('zh-CN');
    expect(chooseLanguage('klingon', undefined, 'en;q=0.2, zh-Hans;q=0.9')).toBe('zh-CN');
    expect(chooseLanguage(undefined, undefined, 'zh-TW, fr')).toBe('zh-Hant');
    expect(chooseLanguage(undefined, undefined, 'zh-HK;q=0.9, en;q=0.5')).toBe('zh-Hant');
    expect(chooseLanguage('zh-hant-tw', undefined, 'en')).toBe('zh-Hant');
    expect(chooseLanguage(undefined, undefined, 'zh-MO, zh-CN;q=0.5')).toBe('zh-Hant');
    expect(chooseLanguage(undefined, undefined, 'zh;q=0')).toBe('en');
    expect(chooseLanguage(['en', 'zh-CN'], undefined, undefined)).toBe('en');
  });

  it('reads one cookie out of a header', () => {
    expect(cookieValue('a=1; traveller_lang=zh-CN; b=2', 'traveller_lang')).toBe('zh-CN');
    expect(cookieValue(undefined, 'traveller_lang')).toBeUndefined();
  });
});
