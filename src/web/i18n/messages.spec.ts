import { describe, expect, it } from '@jest/globals';
import { chooseLanguage, cookieValue } from './language.js';
import { en } from './messages.en.js';
import { message } from './messages.js';
import { zhCN } from './messages.zh-CN.js';

describe('message catalogues', () => {
  it('have exactly the same keys in English and Simplified Chinese', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the same placeholders in both languages, and no empty string', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect([key, placeholders(zhCN[key])]).toEqual([key, placeholders(en[key])]);
      expect(zhCN[key].length).toBeGreaterThan(0);
    }
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
    expect(chooseLanguage(undefined, undefined, 'zh-TW, fr')).toBe('en');
    expect(chooseLanguage(undefined, undefined, 'zh;q=0')).toBe('en');
    expect(chooseLanguage(['en', 'zh-CN'], undefined, undefined)).toBe('en');
  });

  it('reads one cookie out of a header', () => {
    expect(cookieValue('a=1; traveller_lang=zh-CN; b=2', 'traveller_lang')).toBe('zh-CN');
    expect(cookieValue(undefined, 'traveller_lang')).toBeUndefined();
  });
});
