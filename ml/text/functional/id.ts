// Indonesian functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, sexual harassment and sextortion) and the benign look-alikes that
// must stay benign (violent figures of speech, sport and gaming talk, news, counter-speech, support).
// Written the way Indonesian is written online, not translated from english.ts: Jakarta slang
// ("gue bunuh lo", "mati aja lo", "mampus", "bacot", "otw"), the softer aku/kamu, chat spellings
// ("gw", "lu", "ga", "yg", "kalo", "ntar", "wkwk"), local words ("bacok", "celurit", "golok", "air
// keras", "santet", "pap", "sange", "VCS", "kosan", "UTBK") and formal Indonesian for the news.
// Indonesian does not inflect, but its pronouns come in registers that do not mix: gue/gw goes with
// lo/lu, aku with kamu, so each template keeps one pair ("{@willGue} ... {@victimLo}", "{@willAku}
// ... {@victimKamu}") and the shared lists (verbs, times, places) hold no pronouns. "Nembak" (to shoot)
// is also asking someone out, and "bom bunuh diri" is the news word for a suicide bombing.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const INDONESIAN_LISTS: SlotLists = {
  // "I will" in the gue register, before a bare verb.
  willGue: ['gue bakal', 'gw bakal', 'gue', 'gw', 'sumpah gue', 'sumpah gw', 'gue pasti', 'awas aja, gue', 'liat aja nanti gue', 'demi allah gue', 'gue janji bakal', 'gue mau', 'tunggu aja, gue bakal'],
  // "I will" in the aku / saya register.
  willAku: ['aku bakal', 'aku akan', 'aku pasti', 'sumpah aku', 'saya akan', 'aku janji bakal', 'liat aja, aku bakal'],
  // Bare (informal) transitive verbs.
  harm: ['bunuh', 'tusuk', 'tembak', 'bacok', 'gebukin', 'hajar', 'habisin', 'matiin', 'cekik', 'bakar', 'tabrak', 'bantai', 'santet', 'gorok', 'pukulin', 'mutilasi', 'celurit'],
  // Targets for the gue register.
  victimLo: ['lo', 'lo', 'lu', 'elo', 'keluarga lo', 'anak lo', 'emak lo', 'adek lo', 'pacar lo', 'lo sama temen-temen lo', 'dia', 'si anjing itu', 'mantan gue', 'bos gue', 'guru gue', 'bokap lo', 'seluruh keluarga lo'],
  // Targets for the aku register.
  victimKamu: ['kamu', 'kamu', 'keluargamu', 'anakmu', 'ibumu', 'pacarmu', 'kalian', 'kamu sekeluarga', 'adikmu', 'dia'],
  // Times (no pronouns).
  when: ['', '', 'besok', 'malem ini', 'malam ini', 'nanti malam', 'ntar malem', 'pulang sekolah', 'abis pulang kerja', 'minggu depan', 'abis maghrib', 'hari senin', 'di kantor', 'kalo ketemu', 'secepatnya', 'abis nonton bola', 'pas tidur', 'dalam waktu dekat'],
  // Vocative insults.
  insult: ['anjing', 'anjeng', 'bangsat', 'babi', 'goblok', 'tolol', 'kontol', 'bajingan', 'brengsek', 'tai', 'sampah', 'monyet', 'kampret', 'asu', 'jancok', 'ngentot', 'anak haram', 'lonte', 'banci', 'bego'],
  place: ['sekolah', 'sekolah gue', 'sekolahan', 'kampus', 'mall', 'mal', 'konser', 'masjid', 'gereja', 'vihara', 'pura', 'klenteng', 'kantor', 'kantor gue', 'stadion', 'GBK', 'stasiun', 'pasar', 'bandara', 'kelab malam', 'festival', 'alun-alun', 'SMA gue', 'pengajian', 'acara pride'],
  day: ['besok', 'hari jumat', 'weekend ini', 'minggu depan', 'hari ini', 'hari senin', 'pas jam istirahat', 'pas upacara', 'malam ini', 'pas jam pulang', 'besok pagi'],
  weapon: ['pistol', 'pistol bokap gue', 'senapan', 'pisau', 'golok', 'celurit', 'bom', 'bom rakitan', 'bensin', 'air keras', 'samurai', 'senjata api'],
  // Groups as haters name them (with slurs), for threats and dehumanisation.
  hateTarget: ['orang Cina', 'Cina', 'kafir', 'orang Kristen', 'Syiah', 'Ahmadiyah', 'orang Papua', 'LGBT', 'bencong', 'pendatang', 'orang Yahudi', 'orang Madura', 'perempuan', 'orang cacat', 'imigran', 'pengungsi Rohingya', 'kadrun', 'orang Batak'],
  // Neutral names of the same groups, for counter-speech.
  group: ['orang Tionghoa', 'orang Papua', 'umat Kristen', 'Syiah', 'Ahmadiyah', 'pengungsi Rohingya', 'LGBT', 'perempuan', 'orang Madura', 'penyandang disabilitas', 'orang Yahudi', 'imigran', 'umat Hindu', 'orang Batak'],
  // Pictures demanded ("kirim ___").
  nudes: ['foto bugil', 'foto tete', 'foto telanjang', 'video', 'foto toket lo', 'foto pas mandi', 'yang di balik baju', 'nudes', 'foto tanpa baju', 'foto pake daleman', 'video bugil', 'foto memek lo'],
  // What the extorter threatens (a finished clause).
  leak: ['gue sebar foto lo', 'gue kirim ke ortu lo', 'video lo gue viralin', 'gue sebarin semuanya', 'gue kirim ke bos lo', 'keluarga lo dapet videonya', 'gue upload ke grup', 'gue posting di twitter', 'rekaman VCS lo gue sebar', 'satu kampus liat foto lo', 'gue kirim ke pacar lo'],
  body: ['toket', 'badan', 'bokong', 'pantat', 'bibir', 'paha', 'pinggul', 'dada', 'memek'],
  fun: ['lagu', 'beat', 'album', 'outfit', 'gol', 'reff', 'kue', 'martabak', 'bakso', 'jokes', 'drop', 'sambel', 'seblak', 'konten', 'klip'],
  food: ['seblak', 'martabak manis', 'es teh', 'kopi susu', 'indomie', 'bakso', 'tidur siang', 'nasi padang', 'pelukan', 'mie ayam', 'sate padang'],
  // What wears one out (subjects).
  hard: ['leg day', 'panasnya Jakarta', 'ujian ini', 'bos gue', 'macet', 'tangga ini', 'kerjaan', 'anak-anak', 'hari senin', 'mie pedes level 5', 'skripsi', 'tugas kuliah', 'sepatu ini', 'lembur'],
  team: ['mereka', 'Persija', 'Persib', 'Arema', 'tim lawan', 'Malaysia', 'Thailand', 'kalian', 'Vietnam', 'PSM'],
  game: ['ML', 'Mobile Legends', 'PUBG', 'FF', 'FIFA', 'catur', 'badminton', 'Valorant', 'PES', 'ludo', 'gaple', 'Dota'],
  people: ['dua orang', 'seorang pria', 'seorang perempuan', 'seorang remaja', 'tiga pria', 'seorang anggota polisi', 'beberapa orang', 'seorang pelajar'],
};

export const INDONESIAN_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@willGue} {@harm} {@victimLo} {@when}',
      '{@willAku} {@harm} {@victimKamu} {@when}',
      '{@willGue} {patahin leher|patahin kaki|patahin tangan|patahin rahang|hancurin muka|pecahin kepala|patahin jari|rontokin gigi|remukin tulang|patahkan leher|patahin tulang rusuk} lo {@when}',
      '{@willGue} {bikin lo masuk rumah sakit|bikin lo cacat seumur hidup|kirim lo ke kuburan|bikin lo gak bisa jalan lagi|bikin lo mandi darah|bikin lo ilang dari muka bumi|kubur lo hidup-hidup|bikin lo masuk koran}{ {@insult}|}',
      '{mati lo|mati lu|tamat riwayat lo|habis lo sama gue|lo gak bakal selamat|lo tinggal nama|lo bakal mati} {@when}{ {@insult}|}',
      '{hitung hari lo|umur lo gak lama lagi|siap-siap aja lo|tidur jangan nyenyak|jaga-jaga aja lo|pamit dulu sama emak lo}{, gue tau rumah lo|, gue tau kantor lo|, gue tau motor lo yang mana|, gue tau lo tinggal di mana|, gue bakal cari lo}',
      '{gue tau rumah lo|gue tau sekolah anak lo|gue udah dapet alamat lo|gue udah nemu rumah lo|gue otw ke rumah lo|gue udah di depan rumah lo|gue nunggu lo di gang rumah lo|next time gue bawa anak-anak}{, tunggu gue dateng|, liat aja nanti|, sampe ketemu|, siap-siap aja|, {@insult}}',
      '{{ngomong sekali lagi|bacot lagi|nulis gitu lagi|komen sekali lagi|chat dia lagi} gue {@harm} lo|{kalo|kalau} lo {berani dateng lagi|nongol lagi|chat cewek gue lagi|sentuh motor gue lagi|lewat sini lagi} gue {@harm} lo}{ {@insult}|}',
      'gue {bakal|mau|} {siram muka lo pake air keras|gorok leher lo|bakar rumah lo sama lo di dalemnya|tembak kepala lo|tusuk lo pas lo tidur|pecahin kepala lo|mutilasi lo|potong-potong badan lo}',
      '{{harusnya ada yang|semoga ada yang|mending ada yang} {bunuh|tembak|tusuk|gantung|tabrak|bacok} {dia|orang ini|si bangsat ini|bajingan itu}{ aja| sekalian|}|{orang kayak dia|bajingan itu|si bangsat ini|dia} {pantes|layak|harusnya} {ditembak mati|dibunuh|digantung|dibacok}}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@willGue} {ngebom|ledakin|tembakin|bakar|serang|bantai orang-orang di|tembakin semua orang di} {@place} {@day}',
      '{gue|gw} {bawa|bakal bawa|mau bawa} {@weapon} ke {@place} {@day}{, mending lo gak usah masuk|, udah gue peringatin ya|. yang suka ngebully gue duluan|}',
      '{@place} {bakal jadi lautan darah|bakal gue ledakin|bakal gue bakar|bakal banjir darah|bakal rata sama tanah|bakal gue bantai} {@day}{, jangan dateng|, jangan bilang gue gak ngingetin|}',
      '{jangan ke|jangan dateng ke|mending jangan ke|jangan masuk} {@place} {@day}{, bakal ada yang gede|, bakal ada pertumpahan darah|, gue udah siapin sesuatu|, bakal banyak yang mati}',
      '{gue udah siap|gue berencana|gue mau|udah niat gue} {nembak|nusuk|bunuh|bantai} {semua orang|sebanyak mungkin orang|mereka semua} di {@place} {@day}',
      '{gue|gw} {bakal|mau} {bunuh|bantai|tembakin|bakar} semua {@hateTarget} {di|yang ada di} {@place}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{bunuh diri aja|mati aja|mati aja lo|mending lo mati|gantung diri sana|lo bunuh diri aja|mati sono|mampus aja sana|udah mati aja|bundir aja}{ deh| lah| {@insult}|}',
      '{tolong|plis|please} {bunuh diri aja|lompat dari jembatan|minum racun|minum baygon|sayat nadi lo|ilang dari dunia}{ biar dunia tenang| biar kita semua tenang|}',
      '{gak ada yang|ga ada yg|nggak ada yang} bakal {kangen|peduli|sedih|nyariin} kalo lo {mati|bunuh diri|ilang}{, jadi lakuin aja|, buruan|, mati aja sana|}',
      '{dunia|semua orang|keluarga lo|ortu lo} bakal lebih {bahagia|tenang|baik} {tanpa lo|kalo lo mati}{, jadi sana|, mati aja|, bunuh diri sana|}',
      '{ngapain lo masih hidup|kenapa lo gak bunuh diri aja|kapan lo mati|kok lo belom mati juga|kenapa lo gak gantung diri aja}{ sih|}{ {@insult}|}',
      '{sana|mending|} {lompat dari gedung|lompat dari jembatan|tabrakin diri ke kereta|minum racun tikus|telen obat sebanyak-banyaknya|gantung diri|nyebur ke laut}{ aja| sana| lah|}',
      '{@insult}{,|} {mati aja lo|bunuh diri sana|mampus aja|gantung diri aja}',
      '{kalo gue jadi lo|kalo gue punya muka kayak lo|kalo hidup gue kayak lo|kalo muka gue kayak gitu} {gue udah bunuh diri|gue udah gantung diri dari dulu|gue mending mati|gue udah lompat dari gedung|gue udah minum racun dari lama|gue gak bakal berani keluar rumah, mending mati}',
      '{udah lah|} {lo gak pantes hidup|lo harusnya mati|lo gak layak hidup|hidup lo gak ada gunanya}{, mati aja|, bunuh diri sana|}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{aku mau|gue mau|pengen|aku pengen|gue pengen|aku bakal|rasanya pengen} {bunuh diri|mati aja|ngakhirin hidup|nggak bangun lagi|ngilang selamanya} {malam ini|besok|secepatnya|}',
      '{aku udah gak kuat|gue udah gak sanggup|capek banget hidup|aku gak bisa lagi|udah ga kuat}{, selamat tinggal semua|, maaf ya semuanya|, udah cukup}',
      '{aku sayat|gue sayat|aku lukain|aku nyayat} tangan {lagi|semalem|lebih dalem kali ini}',
      '{aku udah|gue udah} {nyimpen cukup obat|nulis surat terakhir|nyiapin tali|milih jembatannya}',
      '{gak ada yang bakal sadar|ga ada yg peduli|nggak ada yang nyariin} kalo aku {ilang|mati|pergi}{, jadi buat apa bertahan|, udah waktunya|}',
      '{pengen|kepikiran terus buat|rasanya mau} {nabrakin motor ke truk|lompat dari atap|loncat ke rel kereta|minum semua obat|gantung diri} {biar selesai|malam ini|aja|}',
      '{malam ini|minggu ini|sebentar lagi} {aku pamit dari dunia ini|gue pamit selamanya|semua sakitnya berakhir|aku tidur dan gak bangun lagi}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@hateTarget} itu {kecoak|parasit|hama|binatang|penyakit|wabah|sampah masyarakat|bukan manusia|monyet|babi}{, {harus diusir|harus dibasmi|harus dikurung|harus dimandulin|harus dihabisin}|}',
      '{@hateTarget} {gak pantes hidup|gak boleh {milih|punya anak|kerja di sini|ada di negara ini}|harus {dibasmi|dimusnahkan|dibantai}}',
      '{semua|rata-rata} {@hateTarget} {bodoh|kriminal|pemerkosa|jorok|pemalas|pengkhianat|kurang dari manusia}{, semuanya sama aja|, gak ada yang bener|}',
      '{@hateTarget} {beranak kayak tikus|hidup kayak binatang|ngerusak negara ini|kayak virus|lebih rendah dari binatang}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{kirim|kirimin|send|pap} {@nudes} {dong|sayang|beb|sekarang|}',
      '{@body} {lo|lu} {bikin sange|mulus banget pengen gue pegang|minta diremes|pasti enak|bikin gue ngaceng}',
      '{gue pengen|gw mau|pengen banget} {grepe|remes|jilat|pegang|cium|gigit} {@body} lo {sampe puas|pas ketemu|malem ini|}',
      '{sini|ayo} {duduk di pangkuan gue|naik ke kasur gue|isep punya gue|buka baju|ngentot sama gue}{ cantik| sayang|}',
      '{kayaknya lo|keliatan banget lo|pasti lo} {jago di ranjang|lonte|gampangan|binal|jago nyepong}{ 😏|}',
      '{bales dong|jangan nyuekin gue|jawab} {sayang|cantik|beb|}, gue bakal terus {chat|spam} sampe lo {kirim pap bugil|mau tidur sama gue|nunjukin semuanya}',
      '{baju itu|rok itu|dress lo} {lebih bagus di lantai kamar gue|mending dilepas aja|bikin gue pengen nyobek}{, kirim lagi dong|, dm gue|}',
      'lo {pasti|} lebih {cantik|seksi} {tanpa baju|kalo telanjang|pas lagi berlutut}{ 😏|}',
      '{dateng|mampir} ke {mobil gue|kosan gue|rumah gue} {abis kerja|malem ini|} {dan kasih liat|biar gue pegang-pegang|terus buktiin}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      '{kirim|kirimin} {@nudes} {atau|kalo gak} {@leak}',
      '{gue punya|gw ada|gue pegang} {foto-foto lo|video lo|rekaman VCS lo|foto bugil lo}{.|,} {transfer 5 juta|bayar|kirim lagi|turutin mau gue} {atau|kalo nggak} {@leak}',
      '{tidur sama gue|kirim lagi|ketemuan malem ini|VCS sama gue} {atau|kalo gak} {@leak}',
      '{kalo gak mau|kalo lo gak pengen} {video lo viral|foto lo nyebar|ortu lo liat videonya|pacar lo liat fotonya}, {kirim pap bugil|dateng ke kosan gue malem ini|VCS sekarang|turutin semua mau gue}',
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      '{@fun} ini {pecah banget|mematikan|nendang banget|ngebunuh banget|bikin mati|meledak|sadis sih|brutal sih|killer banget}{ 🔥|!|}',
      '{ngakak sampe mati|gue mati ketawa|aku mati ketawa|ngakak parah|ketawa sampe mati|mati gue ketawanya|ngakak sampe mau mati} {wkwkwk|wkwkwkwk|😂|💀|anjir|}',
      '{dia|mereka|bandnya|drummernya|vokalisnya|Raisa|Tulus} {pecah banget|membantai panggung|ngebunuh panggung|bikin satu venue pecah|pecah parah} {tadi malem|di konser|kemarin|}',
      '{bisa mati|rela bunuh orang|gue rela mati|bisa ngebunuh orang} demi {@food} {sekarang|rn|}',
      '{@hard} {bikin gue mati|ngebunuh gue|bunuh gue pelan-pelan|bikin mampus}{ 😩| wkwk| sumpah|}',
      '{besok|} {gue|aku} bakal {bantai|hajar|libas|babat habis} {ujian ini|presentasinya|interview|UTBK|sesi gym}',
      '{nyokap|bos|pelatih|istri|bini} gue {bakal bunuh gue|bisa bunuh gue|bakal ngamuk dan bunuh gue|bakal nyembelih gue} kalo {telat|lupa|ketinggalan} {lagi|}{ wkwk| haha|}',
      '{jokes|video|meme|foto|twit|komen} itu {bunuh gue|bikin gue mati|bikin mati ketawa|bikin ngakak mati} {💀|😂|wkwk|}',
      '{semangat, |gas, |ayo, }{bantai|hajar|libas|bunuh} {panggungnya|ujiannya|presentasinya|}{!|}',
      '{tembak|tembak aja|langsung tembak|buruan tembak} {dia|gebetan lo|doi}{, jangan kelamaan|, keburu diambil orang|}',
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{kita bakal|kita|gas} {bantai|libas|hajar|hancurin|habisin|bunuh} {@team} {hari sabtu|di final|malam ini|minggu depan}',
      '{headshot|hs|kill|savage|maniac|triple kill|wiped out}{!|} {dari ujung map|pake pistol|gg|}',
      '{gg ez|ez|noob|cupu} {wkwk|next|lol|}',
      '{gue|gw} {bantai|bunuh|hajar|habisin} lo di {@game} {nanti malem|ntar|}',
      '{pertahanan kita|kiper|lini tengah|bek} {dibantai|dihajar|mati kutu|hancur lebur} {tadi|di babak kedua|}',
      '{tekel|KO|smash|dunk|gol} {itu|tadi} {brutal|sadis|membunuh|ngeri} {🔥|banget|}',
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'Polisi menyebut {@people} {tewas ditembak|ditusuk|tewas dibacok|diserang|dikeroyok} {di depan sebuah kelab malam|di dekat stasiun|di pusat kota|di sebuah taman} {pada Minggu dini hari|tadi malam|pada Jumat}.',
      '{Sedikitnya 12|Puluhan|Beberapa|Tiga} {warga sipil|orang} tewas dalam {serangan|penembakan|ledakan|serangan udara} itu, kata pejabat setempat.',
      '{Tersangka|Pelaku|Remaja itu|Pria itu} {didakwa melakukan|divonis bersalah atas|mengaku melakukan|ditahan atas dugaan} {pembunuhan|percobaan pembunuhan|pengancaman|perencanaan serangan}.',
      '{Laporan terbaru menyebut|Kementerian Kesehatan mencatat|Para peneliti menemukan} angka bunuh diri di kalangan {remaja|pria muda|petani|mahasiswa} {naik|turun} tahun lalu.',
      'Sidang kasus {rencana penembakan sekolah|penusukan|ancaman terhadap masjid|rencana bom bunuh diri} {dengan terdakwa seorang pria|yang melibatkan dua bersaudara|dengan terdakwa mantan mahasiswa} {digelar hari ini|akan digelar Senin depan|kembali digelar pekan depan}.',
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{nyuruh orang bunuh diri|bilang "mati aja lo" ke orang|ngetik "bunuh diri sana"} {gak pernah oke|bukan bercanda|menjijikkan}{, udah gue report|. stop|}',
      '{ada akun|ada yang|orang ini} {di kolom komentar|di sini|} {ngancem mau nembakin sekolah|bilang mau ngebom gereja|ngancem bakal bunuh gue|ngancem mau bakar masjid}. {udah gue report|udah gue laporin ke polisi}.',
      'nyebut {@group} "{monyet|kecoak|hama|binatang}" itu {rasis|menjijikkan|ujaran kebencian}{, bukan pendapat|. gue block|}',
      '{gak ada|nggak ada} yang pantes {diancam|disuruh mati|dilecehin kayak gini|diteror}{ cuma gara-gara postingan|, siapapun dia|}',
      'kalo {liat|nemu|ketemu} postingan yang {ngancem sekolah|ngancem orang|nyuruh orang bunuh diri|ngancem bakal ngebom gereja}, {report aja|lapor polisi|jangan disebarin|screenshot terus lapor}',
      '"{gue bunuh lo|mati aja lo|gue bacok lo|gue bom sekolah lo}" itu {ancaman|bukan candaan|bisa dipidana}{, udah gue laporin|, jangan dinormalisasi|}',
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'kalo kamu {lagi kepikiran bunuh diri|kepikiran nyakitin diri sendiri|lagi berat banget}, tolong {cerita ke seseorang|hubungi layanan konseling|telpon 119 ext 8|minta bantuan}{, kamu berharga|. kamu gak sendirian|}',
      '{tolong|plis|} {jangan bunuh diri|jangan sakitin diri kamu|jangan nyerah}{, kita butuh kamu|, semua bakal membaik|, aku di sini|}',
      '{DM aku kebuka|aku ada buat kamu|kamu bisa cerita ke aku} {kapan aja|kalo butuh|}{ ❤️|}',
      '{beberapa bulan ini berat banget|lagi struggling akhir-akhir ini} {dan akhirnya|jadi aku} {ke psikolog|nelpon layanan konseling|cerita ke ibu}{. bangga sama diri sendiri|}',
      '{gak apa-apa|nggak papa} {minta tolong|ke psikolog|ngaku lagi gak baik-baik aja}{, itu bukan tanda lemah|, kamu gak sendirian|}',
    ],
  },
];
