/**
 * Deterministic fake exhibitors for a meeting (`npm run seed -- exhibitors N`): N
 * enterprises with their exhibitor rows and 10·N products, named from parallel word lists in Chinese,
 * English, Japanese and Korean (a Shenzhen robotics company is 深圳旭日机器人有限公司, Shenzhen Sunrise
 * Robotics Co., Ltd., 深セン旭日ロボティクス株式会社 and 선전 선라이즈 로보틱스 주식회사 at once), so
 * search can be tried in every script. Pure: no database, no randomness beyond the seed — the same
 * seed and index always give the same exhibitor, which keeps tests stable.
 */

/** The languages every generated name is written in. */
export const generatedLanguages = ['zh', 'en', 'ja', 'ko'] as const;
export type GeneratedLanguage = (typeof generatedLanguages)[number];
/** A name in each generated language (the §3 language-map form of a localised text). */
export type Names = Record<GeneratedLanguage, string>;

/** A category to create: `industry` or `exhibitor_group` (§7 Categories), higher weight first. */
export type GeneratedCategory = {
  type: 'industry' | 'exhibitor_group';
  /** Stable key within its type, used to link exhibitors to the created row. */
  key: string;
  /** Title in the generated languages, plus Arabic so right-to-left layouts get real text. */
  title: Names & { ar: string };
  weight: number;
};

export type GeneratedProduct = {
  title: Names;
  description: Names;
  /** Index into the product images (0-based, below `imageCount`). */
  imageIndex: number;
  /** Sort weight; a few products per exhibitor are promoted. */
  weight: number;
  /** Model code inside the title, e.g. `RX-240`, handy for Latin-script searches. */
  model: string;
};

export type GeneratedExhibitor = {
  /** 0-based position in the run. */
  index: number;
  title: Names;
  /** Short brand, the part of the name products carry (旭日, Sunrise …). */
  brand: Names;
  description: Names;
  /** Key of the industry category. */
  industry: string;
  /** Key of the exhibitor group category. */
  group: string;
  /** Hall letter, hall number, stand: `A1-023`; unique within a run of up to 8·9·999 exhibitors. */
  booth: string;
  /** Sort weight: most 0, sponsors and a few others higher. */
  weight: number;
  /** Index into the logos (0-based, below `logoCount`). */
  logoIndex: number;
  /**
   * What the logo is drawn from: brand and trade in English ('Golden Bridge Robotics'), so the
   * branches of one brand in different cities carry the same logo, as real ones do.
   */
  logoName: string;
  phone: string;
  email: string;
  website: string;
  products: GeneratedProduct[];
};

export type GeneratorOptions = {
  /** Number of exhibitors, 1..100000. */
  count: number;
  /** Any integer; the same seed gives the same data. Default 2019. */
  seed?: number;
  /** Products per exhibitor, default 10. */
  productsPerExhibitor?: number;
  /** How many distinct logos and product images exist to point at (default 12 each). */
  logoCount?: number;
  imageCount?: number;
};

/** Largest N accepted (booth numbering and name combinations stay unique up to here). */
export const maxGeneratedExhibitors = 100_000;

type Word = readonly [en: string, zh: string, ja: string, ko: string];

const industries: readonly {
  key: string;
  name: Word & readonly string[];
  ar: string;
  /** The word a company name carries (Robotics, 机器人 …). */
  trade: Word;
  products: readonly Word[];
}[] = [
  {
    key: 'robotics',
    name: ['Robotics & Automation', '机器人与自动化', 'ロボット・自動化', '로봇 및 자동화'],
    ar: 'الروبوتات والأتمتة',
    trade: ['Robotics', '机器人', 'ロボティクス', '로보틱스'],
    products: [
      ['Robot Arm', '工业机械臂', '産業用ロボットアーム', '산업용 로봇 팔'],
      ['Mobile Robot', '移动机器人', '自律移動ロボット', '자율 이동 로봇'],
      ['Gripper', '电动夹爪', '電動グリッパー', '전동 그리퍼'],
      ['Servo Motor', '伺服电机', 'サーボモーター', '서보 모터'],
      ['Vision Sensor', '视觉传感器', 'ビジョンセンサー', '비전 센서'],
    ],
  },
  {
    key: 'semiconductors',
    name: ['Semiconductors', '半导体', '半導体', '반도체'],
    ar: 'أشباه الموصلات',
    trade: ['Semiconductor', '半导体', 'セミコンダクター', '반도체'],
    products: [
      ['Microcontroller', '微控制器', 'マイクロコントローラ', '마이크로컨트롤러'],
      ['Power Module', '功率模块', 'パワーモジュール', '전력 모듈'],
      ['Image Sensor', '图像传感器', 'イメージセンサー', '이미지 센서'],
      ['Memory Chip', '存储芯片', 'メモリチップ', '메모리 칩'],
      ['Wafer Prober', '晶圆探针台', 'ウェハプローバ', '웨이퍼 프로버'],
    ],
  },
  {
    key: 'new-energy',
    name: ['New Energy', '新能源', '新エネルギー', '신에너지'],
    ar: 'الطاقة الجديدة',
    trade: ['Energy', '新能源', 'エナジー', '에너지'],
    products: [
      ['Solar Panel', '光伏组件', '太陽光パネル', '태양광 패널'],
      ['Battery Pack', '储能电池组', '蓄電池パック', '배터리 팩'],
      ['Inverter', '逆变器', 'インバーター', '인버터'],
      ['EV Charger', '充电桩', 'EV充電器', '전기차 충전기'],
      ['Wind Turbine Blade', '风电叶片', '風力タービンブレード', '풍력 터빈 블레이드'],
    ],
  },
  {
    key: 'medical',
    name: ['Medical Devices', '医疗器械', '医療機器', '의료기기'],
    ar: 'الأجهزة الطبية',
    trade: ['Medical', '医疗', 'メディカル', '메디칼'],
    products: [
      ['Ultrasound Scanner', '超声诊断仪', '超音波診断装置', '초음파 진단기'],
      ['Infusion Pump', '输液泵', '輸液ポンプ', '수액 펌프'],
      ['Patient Monitor', '病人监护仪', '患者モニター', '환자 모니터'],
      ['Surgical Light', '手术无影灯', '手術用照明', '수술용 조명'],
      ['Hearing Aid', '助听器', '補聴器', '보청기'],
    ],
  },
  {
    key: 'consumer-electronics',
    name: ['Consumer Electronics', '消费电子', '家電・民生機器', '가전제품'],
    ar: 'الإلكترونيات الاستهلاكية',
    trade: ['Electronics', '电子', 'エレクトロニクス', '일렉트로닉스'],
    products: [
      ['Wireless Earbuds', '无线耳机', 'ワイヤレスイヤホン', '무선 이어폰'],
      ['Smart Watch', '智能手表', 'スマートウォッチ', '스마트 워치'],
      ['Portable Speaker', '便携音箱', 'ポータブルスピーカー', '휴대용 스피커'],
      ['Tablet', '平板电脑', 'タブレット', '태블릿'],
      ['Action Camera', '运动相机', 'アクションカメラ', '액션 카메라'],
    ],
  },
  {
    key: 'food',
    name: ['Food & Beverage', '食品饮料', '食品・飲料', '식음료'],
    ar: 'الأغذية والمشروبات',
    trade: ['Foods', '食品', 'フーズ', '푸드'],
    products: [
      ['Green Tea', '绿茶', '緑茶', '녹차'],
      ['Instant Noodles', '方便面', 'インスタントラーメン', '라면'],
      ['Soy Sauce', '酱油', '醤油', '간장'],
      ['Rice Cracker', '米饼', 'せんべい', '쌀과자'],
      ['Sparkling Water', '气泡水', '炭酸水', '탄산수'],
    ],
  },
  {
    key: 'textiles',
    name: ['Textiles & Apparel', '纺织服装', '繊維・アパレル', '섬유 및 의류'],
    ar: 'المنسوجات والملابس',
    trade: ['Textile', '纺织', 'テキスタイル', '텍스타일'],
    products: [
      ['Down Jacket', '羽绒服', 'ダウンジャケット', '다운 재킷'],
      ['Silk Scarf', '真丝围巾', 'シルクスカーフ', '실크 스카프'],
      ['Running Shoes', '跑步鞋', 'ランニングシューズ', '러닝화'],
      ['Denim Fabric', '牛仔面料', 'デニム生地', '데님 원단'],
      ['Wool Sweater', '羊毛衫', 'ウールセーター', '울 스웨터'],
    ],
  },
  {
    key: 'logistics',
    name: ['Logistics', '物流', '物流', '물류'],
    ar: 'الخدمات اللوجستية',
    trade: ['Logistics', '物流', 'ロジスティクス', '로지스틱스'],
    products: [
      ['Cold Chain Container', '冷链集装箱', '定温コンテナ', '콜드체인 컨테이너'],
      ['Pallet Rack', '货架', 'パレットラック', '팔레트 랙'],
      ['Forklift', '叉车', 'フォークリフト', '지게차'],
      ['Warehouse Software', '仓储管理系统', '倉庫管理システム', '창고 관리 시스템'],
      ['Parcel Locker', '智能快递柜', '宅配ロッカー', '무인 택배함'],
    ],
  },
  {
    key: 'software',
    name: ['Software & Cloud', '软件与云服务', 'ソフトウェア・クラウド', '소프트웨어 및 클라우드'],
    ar: 'البرمجيات والحوسبة السحابية',
    trade: ['Software', '软件', 'ソフトウェア', '소프트웨어'],
    products: [
      ['Cloud Database', '云数据库', 'クラウドデータベース', '클라우드 데이터베이스'],
      ['Translation Engine', '翻译引擎', '翻訳エンジン', '번역 엔진'],
      ['Security Gateway', '安全网关', 'セキュリティゲートウェイ', '보안 게이트웨이'],
      ['ERP Suite', '企业资源计划系统', '基幹業務システム', '전사적 자원관리 시스템'],
      ['Video Conferencing', '视频会议系统', 'ビデオ会議システム', '화상 회의 시스템'],
    ],
  },
  {
    key: 'automotive',
    name: ['Automotive Parts', '汽车零部件', '自動車部品', '자동차 부품'],
    ar: 'قطع غيار السيارات',
    trade: ['Auto Parts', '汽车配件', 'オートパーツ', '오토파츠'],
    products: [
      ['Brake Pad', '刹车片', 'ブレーキパッド', '브레이크 패드'],
      ['LED Headlamp', 'LED大灯', 'LEDヘッドランプ', 'LED 헤드램프'],
      ['Lidar', '激光雷达', 'ライダー', '라이다'],
      ['Seat Heater', '座椅加热器', 'シートヒーター', '시트 히터'],
      ['Dash Camera', '行车记录仪', 'ドライブレコーダー', '블랙박스'],
    ],
  },
  {
    key: 'materials',
    name: ['Advanced Materials', '新材料', '先端材料', '첨단 소재'],
    ar: 'المواد المتقدمة',
    trade: ['Materials', '材料', 'マテリアルズ', '머티리얼즈'],
    products: [
      ['Carbon Fibre Sheet', '碳纤维板', '炭素繊維シート', '탄소섬유 시트'],
      ['Graphene Film', '石墨烯薄膜', 'グラフェンフィルム', '그래핀 필름'],
      ['Ceramic Coating', '陶瓷涂层', 'セラミックコーティング', '세라믹 코팅'],
      ['Bioplastic Pellets', '生物塑料颗粒', 'バイオプラスチックペレット', '바이오 플라스틱 펠릿'],
      ['Aerogel Blanket', '气凝胶毡', 'エアロゲルブランケット', '에어로겔 블랭킷'],
    ],
  },
  {
    key: 'smart-home',
    name: ['Smart Home', '智能家居', 'スマートホーム', '스마트 홈'],
    ar: 'المنزل الذكي',
    trade: ['Smart Home', '智能家居', 'スマートホーム', '스마트홈'],
    products: [
      ['Robot Vacuum', '扫地机器人', 'ロボット掃除機', '로봇 청소기'],
      ['Smart Lock', '智能门锁', 'スマートロック', '스마트 도어락'],
      ['Air Purifier', '空气净化器', '空気清浄機', '공기청정기'],
      ['Smart Bulb', '智能灯泡', 'スマート電球', '스마트 전구'],
      ['Video Doorbell', '可视门铃', 'ビデオドアホン', '비디오 초인종'],
    ],
  },
];

const groups: readonly { key: string; name: Word; ar: string; weight: number; share: number }[] = [
  {
    key: 'sponsors',
    name: ['Sponsors', '赞助商', 'スポンサー', '스폰서'],
    ar: 'الرعاة',
    weight: 100,
    share: 3,
  },
  {
    key: 'domestic',
    name: ['Domestic Exhibitors', '国内展商', '国内出展者', '국내 참가업체'],
    ar: 'العارضون المحليون',
    weight: 90,
    share: 45,
  },
  {
    key: 'international',
    name: ['International Exhibitors', '国际展商', '海外出展者', '해외 참가업체'],
    ar: 'العارضون الدوليون',
    weight: 80,
    share: 25,
  },
  {
    key: 'japan-pavilion',
    name: ['Japan Pavilion', '日本馆', 'ジャパンパビリオン', '일본관'],
    ar: 'الجناح الياباني',
    weight: 70,
    share: 10,
  },
  {
    key: 'korea-pavilion',
    name: ['Korea Pavilion', '韩国馆', '韓国パビリオン', '한국관'],
    ar: 'الجناح الكوري',
    weight: 60,
    share: 10,
  },
  {
    key: 'startups',
    name: ['Startup Zone', '初创企业专区', 'スタートアップゾーン', '스타트업 존'],
    ar: 'منطقة الشركات الناشئة',
    weight: 50,
    share: 7,
  },
];

/** Brand roots: a meaning in English, its Chinese and Japanese rendering, its Korean reading. */
const brands: readonly Word[] = [
  ['Sunrise', '旭日', '旭日', '선라이즈'],
  ['Golden Bridge', '金桥', '金橋', '골든브리지'],
  ['Blue Ocean', '蓝海', '蒼海', '블루오션'],
  ['Evergreen', '长青', '常緑', '에버그린'],
  ['Summit', '顶峰', 'サミット', '서밋'],
  ['Harmony', '和谐', 'ハーモニー', '하모니'],
  ['Phoenix', '凤凰', 'フェニックス', '피닉스'],
  ['Polaris', '北极星', 'ポラリス', '폴라리스'],
  ['Jade River', '玉河', '翠川', '옥하'],
  ['Silver Crane', '银鹤', '銀鶴', '은학'],
  ['Red Maple', '红枫', '紅葉', '홍단풍'],
  ['Zenith', '天顶', 'ゼニス', '제니스'],
  ['Huaxin', '华信', '華信', '화신'],
  ['Tiancheng', '天成', '天成', '천성'],
  ['Zhongke', '中科', '中科', '중과'],
  ['Hengtai', '恒泰', '恒泰', '항태'],
  ['Yamabuki', '山吹', '山吹', '야마부키'],
  ['Sakura', '樱花', 'さくら', '사쿠라'],
  ['Fujimi', '富士见', '富士見', '후지미'],
  ['Hanbit', '韩光', 'ハンビット', '한빛'],
  ['Arirang', '阿里郎', 'アリラン', '아리랑'],
  ['Mirae', '未来', 'ミレ', '미래'],
  ['Nova', '新星', 'ノヴァ', '노바'],
  ['Vertex', '顶点', 'バーテックス', '버텍스'],
  ['Orbit', '轨道', 'オービット', '오빗'],
  ['Lumen', '流明', 'ルーメン', '루멘'],
  ['Atlas', '阿特拉斯', 'アトラス', '아틀라스'],
  ['Kestrel', '红隼', 'ケストレル', '케스트럴'],
  ['Cedar', '雪松', 'シダー', '시더'],
  ['Aurora', '极光', 'オーロラ', '오로라'],
  ['Pioneer', '先锋', 'パイオニア', '파이오니어'],
  ['Starlight', '星光', 'スターライト', '스타라이트'],
  ['Greatwall', '长城', '長城', '장성'],
  ['Yangtze', '扬子', '揚子', '양쯔'],
  ['Lotus', '莲花', 'ロータス', '로터스'],
  ['Bamboo', '青竹', '青竹', '청죽'],
  ['Crystal', '晶石', 'クリスタル', '크리스탈'],
  ['Horizon', '地平线', 'ホライズン', '호라이즌'],
  ['Unity', '联合', 'ユニティ', '유니티'],
  ['Keystone', '基石', 'キーストーン', '키스톤'],
];

const cities: readonly Word[] = [
  ['Shenzhen', '深圳', '深セン', '선전'],
  ['Shanghai', '上海', '上海', '상하이'],
  ['Beijing', '北京', '北京', '베이징'],
  ['Hangzhou', '杭州', '杭州', '항저우'],
  ['Suzhou', '苏州', '蘇州', '쑤저우'],
  ['Guangzhou', '广州', '広州', '광저우'],
  ['Chengdu', '成都', '成都', '청두'],
  ['Osaka', '大阪', '大阪', '오사카'],
  ['Tokyo', '东京', '東京', '도쿄'],
  ['Seoul', '首尔', 'ソウル', '서울'],
  ['Busan', '釜山', '釜山', '부산'],
  ['Munich', '慕尼黑', 'ミュンヘン', '뮌헨'],
];

/** Legal forms; the position says where the form goes in each language. */
const legalForms: readonly Word[] = [
  ['Co., Ltd.', '有限公司', '株式会社', '주식회사'],
  ['Technology Co., Ltd.', '科技有限公司', 'テクノロジー株式会社', '테크놀로지 주식회사'],
  ['Group', '集团', 'グループ', '그룹'],
];

const series: readonly string[] = ['X', 'Pro', 'Max', 'Lite', 'S', 'Neo', 'Air', 'Ultra'];

/** mulberry32: a small, fast, well-distributed 32-bit PRNG; returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Picks by share: `shares` are relative frequencies. */
function pickShared<T extends { share: number }>(random: () => number, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.share, 0);
  let at = random() * total;
  for (const item of items) {
    at -= item.share;
    if (at < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** The industry and exhibitor-group categories, weight descending within each type. */
export function generateCategories(): GeneratedCategory[] {
  const industryRows = industries.map((industry, position) => ({
    type: 'industry' as const,
    key: industry.key,
    title: { ...names(industry.name), ar: industry.ar },
    weight: (industries.length - position) * 10,
  }));
  const groupRows = groups.map((group) => ({
    type: 'exhibitor_group' as const,
    key: group.key,
    title: { ...names(group.name), ar: group.ar },
    weight: group.weight,
  }));
  return [...industryRows, ...groupRows];
}

function names(word: Word): Names {
  return { en: word[0], zh: word[1], ja: word[2], ko: word[3] };
}

/** Booth of the i-th exhibitor: 999 stands per hall, halls A1…H1, A2…H2 … (`A1-001`). */
export function boothOf(index: number): string {
  const hall = Math.floor(index / 999);
  const letter = 'ABCDEFGH'[hall % 8] as string;
  const number = Math.floor(hall / 8) + 1;
  return `${letter}${number}-${String((index % 999) + 1).padStart(3, '0')}`;
}

const combinations = brands.length * industries.length * cities.length * legalForms.length;
// A step coprime with the number of combinations walks all of them before repeating a name.
const combinationStep = 7_919;

/**
 * The i-th exhibitor of a run. Names are unique for the first brands·industries·cities·forms (23,040)
 * indexes of a seed; later ones repeat a name with another booth.
 */
export function generateExhibitor(
  index: number,
  options: Required<Omit<GeneratorOptions, 'count'>>,
): GeneratedExhibitor {
  const random = createRandom(options.seed * 1_000_003 + index);
  let combination = (index * combinationStep + options.seed) % combinations;
  const brand = brands[combination % brands.length] as Word;
  combination = Math.floor(combination / brands.length);
  const industry = industries[combination % industries.length] as (typeof industries)[number];
  combination = Math.floor(combination / industries.length);
  const city = cities[combination % cities.length] as Word;
  combination = Math.floor(combination / cities.length);
  const legal = legalForms[combination % legalForms.length] as Word;
  const trade = industry.trade;
  const title: Names = {
    en: `${city[0]} ${brand[0]} ${trade[0]} ${legal[0]}`,
    zh: `${city[1]}${brand[1]}${trade[1]}${legal[1]}`,
    ja: `${city[2]}${brand[2]}${trade[2]}${legal[2]}`,
    ko: `${city[3]} ${brand[3]} ${trade[3]} ${legal[3]}`,
  };
  const group = pickShared(random, groups);
  const slug = `${brand[0]}-${trade[0]}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const weight =
    group.key === 'sponsors'
      ? 100 + Math.floor(random() * 100)
      : random() < 0.1
        ? 1 + Math.floor(random() * 99)
        : 0;
  const products: GeneratedProduct[] = [];
  for (let p = 0; p < options.productsPerExhibitor; p++) {
    const noun = pick(random, industry.products);
    const model = `${brand[0].slice(0, 1)}${trade[0].slice(0, 1)}-${100 + Math.floor(random() * 900)}`;
    const line = pick(random, series);
    products.push({
      title: {
        en: `${brand[0]} ${noun[0]} ${line} ${model}`,
        zh: `${brand[1]} ${noun[1]} ${line} ${model}`,
        ja: `${brand[2]} ${noun[2]} ${line} ${model}`,
        ko: `${brand[3]} ${noun[3]} ${line} ${model}`,
      },
      description: {
        en: `${noun[0]} ${model} from ${brand[0]}: built for ${industry.name[0].toLowerCase()} customers, shown at the booth ${boothOf(index)}.`,
        zh: `${brand[1]}出品的${noun[1]} ${model}，面向${industry.name[1]}行业客户，展位 ${boothOf(index)}。`,
        ja: `${brand[2]}の${noun[2]} ${model}。${industry.name[2]}分野のお客様向け、ブース ${boothOf(index)} で展示。`,
        ko: `${brand[3]}의 ${noun[3]} ${model}. ${industry.name[3]} 고객을 위한 제품으로 ${boothOf(index)} 부스에서 전시합니다.`,
      },
      imageIndex: Math.floor(random() * options.imageCount),
      weight: p < 2 ? 10 - p : 0,
      model,
    });
  }
  return {
    index,
    title,
    brand: names(brand),
    description: {
      en: `${title.en} makes ${industry.name[0].toLowerCase()} products in ${city[0]}. Visit us at booth ${boothOf(index)}.`,
      zh: `${title.zh}位于${city[1]}，专注于${industry.name[1]}领域。欢迎莅临 ${boothOf(index)} 展位。`,
      ja: `${title.ja}は${city[2]}を拠点に${industry.name[2]}製品を手がけています。ブース ${boothOf(index)} でお待ちしています。`,
      ko: `${title.ko}는 ${city[3]}에서 ${industry.name[3]} 제품을 만듭니다. ${boothOf(index)} 부스를 방문해 주세요.`,
    },
    industry: industry.key,
    group: group.key,
    booth: boothOf(index),
    weight,
    logoIndex: Math.floor(random() * options.logoCount),
    logoName: `${brand[0]} ${trade[0]}`,
    phone: `+86 755 ${String(8000_0000 + ((index * 7_777) % 1999_9999)).replace(/(\d{4})(\d{4})/, '$1 $2')}`,
    email: `contact@${slug}-${index}.example.com`,
    website: `https://${slug}-${index}.example.com`,
    products,
  };
}

/**
 * All exhibitors of a run, lazily (a 10,000-exhibitor run never holds its 100,000 products at once).
 * @throws RangeError when count is not an integer in 1..{@link maxGeneratedExhibitors}
 */
export function* generateExhibitors(options: GeneratorOptions): Generator<GeneratedExhibitor> {
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > maxGeneratedExhibitors) {
    throw new RangeError(`count must be an integer from 1 to ${maxGeneratedExhibitors}`);
  }
  const resolved = {
    seed: options.seed ?? 2019,
    productsPerExhibitor: options.productsPerExhibitor ?? 10,
    logoCount: options.logoCount ?? 12,
    imageCount: options.imageCount ?? 12,
  };
  for (let index = 0; index < options.count; index++) yield generateExhibitor(index, resolved);
}
