/**
 * The Chinese characters most often met in a club's files, about 680 in each script, written here
 * once: for each group, the characters simplified and traditional Chinese write alike, then
 * simplified/traditional pairs. A few hundred characters make up most of any Chinese text, and
 * most of its names; code-page.ts reads an undeclared file both as Big5 and as GB18030 and takes
 * the reading made of these, since the wrong one gives a scatter of rarer characters.
 */
const GROUPS: readonly (readonly [alike: string, pairs: string])[] = [
  // Surnames: the commonest hundred or so, mainland, Taiwan and Hong Kong.
  [
    '王李林周徐朱胡郭何高梁宋唐曹彭曾田董袁潘于蔡余杜程魏丁任沈姚姜崔汪范金石廖夏方白孟熊秦邱江尹薛段雷侯史陶黎毛郝邵武戴莫孔' +
      '康施洪游柯翁詹傅倪凌甘柳岑卓',
    '张張 刘劉 陈陳 杨楊 黄黃 赵趙 吴吳 孙孫 马馬 罗羅 郑鄭 谢謝 许許 韩韓 冯馮 邓鄧 萧蕭 蒋蔣 叶葉 苏蘇 吕呂 卢盧 钟鍾 谭譚 陆陸 贾賈 韦韋 邹鄒 龙龍 贺賀 ' +
      '顾顧 龚龔 万萬 钱錢 严嚴 汤湯 温溫 颜顏 赖賴 庄莊 简簡 欧歐 阳陽 关關 麦麥 区區 连連 纪紀',
  ],
  // Given names.
  [
    '芳娜敏明超秀霞平桂英玉文建志宏俊家豪淑雅婷美玲惠君怡佳宜欣如慧珍琪琳萍燕梅春小海森峰山成德祥瑞安福光亮斌彬浩宇翔博哲思雨' +
      '婉晴嘉振信仁忠正子天新立清民生昌永泰坤冠廷耀毅承恩昱宗翰伯琦瑜倩茹莉芬珊佩蓉丹菊香兵波鑫月星晨芝彤慈容心萱真雪冰秋健智威' +
      '利良才富益雄育岳芸磊勇娟帆涵辰雯郁政',
    '伟偉 静靜 丽麗 强強 军軍 杰傑 涛濤 刚剛 华華 兰蘭 红紅 晓曉 荣榮 庆慶 宝寶 凤鳳 飞飛 鹏鵬 辉輝 轩軒 诗詩 云雲 义義 达達 贤賢 聪聰 伦倫 顺順 兴興 钧鈞 ' +
      '铭銘 玮瑋 颖穎 亚亞 宁寧 瑶瑤 贞貞 莲蓮 凯凱 胜勝 鸿鴻',
  ],
  // Clubs, places and events: 桥牌俱乐部 橋牌俱樂部, 双人赛 雙人賽, 第三届 第三屆, 第二轮 第二輪.
  [
    '北南西上中台京州市省杯第年日期名次初半女男青公混合大元老牌分俱部港',
    '东東 广廣 桥橋 乐樂 协協 会會 双雙 队隊 赛賽 开開 届屆 轮輪 场場 组組 积積 联聯 锦錦 标標 总總 县縣 预預 复複 选選 决決',
  ],
  // The commonest characters of written Chinese.
  [
    '的一是不了在人有我他和地到以要就出可也你能而那得下自之作用道行所然事多去法都同面起看定好其些主理她本前但因只想者意力它十' +
      '此已工使情性知全三又由很最重物手向相被什二等或己制身果加特代表化世位度常先通教原提及比解水走各入口系活更打四神少反受目太' +
      '量再感做接必件管直命指克保至形社便空展科司五基眼非界放即像且象完式色路品住告求死交取拉格望共今切院候笑步改收根造言持每服' +
      '快往士失夫令布始怎呢存未叫影具字流',
    '这這 个個 们們 来來 为為 国國 说說 时時 对對 过過 发發 后後 里裡 种種 经經 么麼 学學 现現 当當 没沒 动動 还還 进進 样樣 从從 实實 无無 与與 长長 机機 ' +
      '点點 业業 将將 两兩 间間 问問 应應 头頭 体體 产產 见見 话話 给給 内內 门門 儿兒 声聲 员員 论論 处處 几幾 认認 条條 气氣 题題 别別 变變 电電 数數 报報 ' +
      '结結 务務 计計 资資 统統 则則 听聽 难難 权權 设設 记記 类類 据據 边邊 该該 规規 觉覺 确確 传傳 师師 观觀 让讓 识識 带帶 导導 争爭 运運 风風 车車 亲親 ' +
      '极極 办辦 议議 证證 转轉 准準 远遠 单單 爱愛 备備 调調 质質 团團 价價 级級 离離 况況 请請 际際 约約 视視 须須 写寫 称稱 吗嗎',
  ],
];

function script(form: 0 | 1): ReadonlySet<string> {
  return new Set(GROUPS.flatMap(([alike, pairs]) => [...alike, ...pairs.split(' ').map((pair) => pair[form])]));
}

/** The common characters as simplified Chinese (mainland China, GB2312/GBK/GB18030) writes them. */
export const SIMPLIFIED_COMMON = script(0);

/** The common characters as traditional Chinese (Taiwan, Hong Kong, Big5) writes them. */
export const TRADITIONAL_COMMON = script(1);
