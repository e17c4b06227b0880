// Turkish functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, sexual harassment and sextortion) and the benign look-alikes that
// must stay benign (violent figures of speech, sport and gaming talk, news, counter-speech, support).
// Written the way Turkish is written online, not translated from english.ts: spoken future forms
// ("öldürcem", "gebertcem", "bıçaklıcam"), the threatening aorist ("seni gebertirim", "hastanelik
// ederim"), oaths ("yemin ederim", "vallahi"), "kendini as", "git öl", "gülmekten öldüm", "ortalığı
// yaktı", "sahneyi yıktı", and text typed with and without ç ğ ı ö ş ü ("oldurcem", "bicaklicam").
// Turkish suffixes agree with their stem, so every slot holds finished word forms in one case: a verb
// list holds transitive verbs that take the accusative and its targets are all accusative ("seni",
// "aileni"), and each place comes in three aligned lists (placeAcc "okulu", placeDat "okula",
// placeLoc "okulda"), each used only with verbs that govern that case.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const TURKISH_LISTS: SlotLists = {
  // Oaths and openers in front of a threat (may be empty).
  yemin: ['', '', '', 'yemin ederim', 'yemin ederim ki', 'vallahi', 'valla', 'vallahi billahi', 'bak', 'bak buraya yazıyorum', "Allah'a yemin ederim", 'sana yemin ederim', 'anama yemin ederim', 'yemin ediyorum', 'bak görürsün', 'sözüm olsun'],
  // Times (none of them names the victim, so any target fits).
  when: ['', '', 'bu gece', 'yarın', 'yarin', 'bu akşam', 'bu aksam', 'okuldan sonra', 'işten çıkınca', 'ilk fırsatta', 'sokakta görürsem', 'bir daha görürsem', 'maçtan sonra', 'hafta sonu', 'pazartesi', 'yakında', 'hiç beklemediğin anda', 'gece yarısı'],
  // Targets, all in the accusative (the harm verbs all govern it).
  victim: ['seni', 'seni', 'seni', 'sizi', 'aileni', 'bütün aileni', 'butun aileni', 'çocuklarını', 'cocuklarini', 'anneni', 'kardeşini', 'sevgilini', 'seni ve arkadaşlarını', 'onu', 'o çocuğu', 'eski sevgilimi', 'hocamı', 'patronumu', 'o orospuyu', 'o herifi', 'o karıyı', 'o şerefsizi'],
  // First person singular, future (written and spoken) or threatening aorist; transitive, accusative object.
  harm: ['öldüreceğim', 'öldürcem', 'öldürücem', 'öldürürüm', 'oldurcem', 'oldurucem', 'gebertcem', 'gebertecem', 'gebertirim', 'bıçaklayacağım', 'bıçaklıcam', 'bicaklicam', 'vuracağım', 'vurcam', 'vururum', 'döveceğim', 'dövcem', 'öldüresiye döverim', 'boğacağım', 'boğarım', 'boğcam', 'keserim', 'kescem', 'yakarım', 'yakcam', 'doğrarım', 'parçalarım', 'ezerim', 'arabayla ezerim', 'kurşunlarım', 'deşerim'],
  // Body parts with the possessive "your" and the accusative: "___ kırarım".
  partAcc: ['kolunu', 'kollarını', 'bacağını', 'bacaklarını', 'çeneni', 'kafanı', 'burnunu', 'dişlerini', 'parmaklarını', 'boynunu', 'kaburgalarını', 'bütün kemiklerini', 'ellerini'],
  // Vocative insults, at the end of a sentence or in front of it.
  insult: ['lan', 'şerefsiz', 'serefsiz', 'orospu çocuğu', 'oç', 'piç', 'it', 'gerizekalı', 'gerizekali', 'salak', 'aptal', 'mal', 'yavşak', 'pezevenk', 'aşağılık herif', 'köpek', 'ezik', 'şişko', 'dangalak', 'amk', 'çirkin'],
  // Places, three aligned lists: accusative, dative, locative.
  placeAcc: ['okulu', 'bizim okulu', "AVM'yi", 'konseri', 'camiyi', 'kiliseyi', 'sinagogu', 'cemevini', 'ofisi', 'stadyumu', 'metro istasyonunu', 'onur yürüyüşünü', 'kampüsü', 'havalimanını', 'pazarı', 'dershaneyi', 'fakülteyi', 'festivali', 'meydanı'],
  placeDat: ['okula', 'bizim okula', "AVM'ye", 'konsere', 'camiye', 'kiliseye', 'sinagoga', 'cemevine', 'ofise', 'stadyuma', 'metro istasyonuna', 'onur yürüyüşüne', 'kampüse', 'havalimanına', 'pazara', 'dershaneye', 'fakülteye', 'festivale', 'meydana'],
  placeLoc: ['okulda', 'bizim okulda', "AVM'de", 'konserde', 'camide', 'kilisede', 'sinagogda', 'cemevinde', 'ofiste', 'stadyumda', 'metro istasyonunda', 'onur yürüyüşünde', 'kampüste', 'havalimanında', 'pazarda', 'dershanede', 'fakültede', 'festivalde', 'meydanda'],
  day: ['yarın', 'yarin', 'cuma günü', 'bu hafta sonu', 'haftaya', 'bugün', 'pazartesi', 'öğle arasında', 'tören sırasında', 'bu akşam', 'sabah ilk iş'],
  // Weapons with the instrumental "-la/-le": "___ geleceğim".
  weaponWith: ['silahla', 'babamın silahıyla', 'pompalıyla', 'tüfekle', 'bıçakla', 'bombayla', 'bir bidon benzinle', 'kalaşnikofla', 'satırla', 'asitle'],
  // People in the singular after "ne kadar ___ varsa".
  groupSg: ['Suriyeli', 'Afgan', 'Kürt', 'Alevi', 'Yahudi', 'eşcinsel', 'göçmen', 'mülteci', 'Arap', 'Ermeni', 'Hristiyan', 'sığınmacı'],
  // Groups, plural nominative (neutral names, also used in counter-speech).
  groupPl: ['Suriyeliler', 'Afganlar', 'Kürtler', 'Aleviler', 'Yahudiler', 'eşcinseller', 'translar', 'göçmenler', 'mülteciler', 'Araplar', 'Ermeniler', 'kadınlar', 'engelliler', 'Hristiyanlar', 'Çingeneler', 'siyahlar', 'sığınmacılar'],
  // The same plus slurs, for the dehumanising templates only.
  hateTarget: ['Suriyeliler', 'Afganlar', 'Kürtler', 'Aleviler', 'Yahudiler', 'eşcinseller', 'translar', 'göçmenler', 'mülteciler', 'Araplar', 'Ermeniler', 'kadınlar', 'engelliler', 'Hristiyanlar', 'Çingeneler', 'siyahlar', 'ibneler', 'karılar'],
  // Things to send: "___ at / gönder".
  nudes: ['nude', 'bi nude', 'çıplak foto', 'çıplak fotoğrafını', 'çıplak fotolarını', 'göğüslerinin fotoğrafını', 'memelerinin fotosunu', 'duşta bi foto', 'bi video', 'iç çamaşırlı foto', 'frikik', 'ciplak foto'],
  // What the extorter threatens to do (a finished clause).
  leak: ['fotoğraflarını herkese yayarım', 'fotolarını ailene atarım', 'herkes videonu izler', 'her şeyi ifşa ederim', 'seni ifşa ederim', 'fotoğraflarını patronuna gönderirim', 'ailen videoyu görür', 'videonu internete koyarım', 'fotolarını sevgiline yollarım', 'seni okulda rezil ederim', 'videonu babana atarım'],
  // Body parts with "your", nominative and accusative.
  bodyNom: ['göğüslerin', 'memelerin', 'kalçan', 'götün', 'vücudun', 'bacakların', 'dudakların', 'popon'],
  bodyAcc: ['göğüslerini', 'memelerini', 'kalçanı', 'götünü', 'vücudunu', 'bacaklarını', 'dudaklarını', 'poponu'],
  // Things that "kill" (nominative, after "bu").
  fun: ['şarkı', 'parça', 'beat', 'albüm', 'kombin', 'elbise', 'gol', 'nakarat', 'pasta', 'lahmacun', 'espri', 'klip', 'ses', 'sahne', 'dizi'],
  food: ['bir pizza', 'bir çay', 'bir lahmacun', 'bir dürüm', 'bir kahve', 'soğuk bir bira', 'bir iskender', 'sıcak bir simit', 'iki saat uyku', 'bir kokoreç', 'bir tost'],
  // What wears one out (nominative subjects of "beni öldürüyor").
  hard: ['bu antrenman', 'bacak günü', 'bu sıcak', 'bu sınav', 'patronum', 'bu trafik', 'bu merdivenler', 'çocuklar', 'bu hafta', 'pazartesiler', 'bu acı ramen', 'bu ayakkabılar', 'bu tez', 'bu ders', 'bu nem'],
  // Rivals, accusative: "___ ezeceğiz".
  team: ['onları', 'rakibi', 'sizi', 'karşı takımı', "Fener'i", "Cimbom'u", "Beşiktaş'ı", "Trabzon'u", 'bunları'],
  // Games, locative: "seni ___ gömcem".
  game: ["FIFA'da", 'satrançta', "PES'te", "Valorant'ta", "CS'te", "LoL'de", 'okeyde', 'tavlada', 'masa tenisinde', "Mario Kart'ta", 'piştide'],
  // People in the genitive, as the subject of "-dığını".
  people: ['iki kişinin', 'bir erkeğin', 'bir kadının', 'bir gencin', 'üç erkeğin', 'bir polis memurunun', 'birkaç kişinin', '17 yaşındaki bir gencin'],
};

export const TURKISH_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@yemin} {@when} {@victim} {@harm}',
      '{@yemin} {@victim} {@harm} {@insult}',
      '{@yemin} {@when} {senin|} {@partAcc} {kıracağım|kırcam|kırıcam|kırarım|tek tek kırarım}',
      '{@yemin} seni {hastanelik edeceğim|hastanelik ederim|hastanelik edicem|toprağa gömeceğim|mezara sokarım|sakat bırakırım|kanlar içinde bırakırım|ortadan kaldırırım|öldüresiye döverim|kör ederim|gebertip gömerim}{ {@insult}|}',
      '{@when} {öldün sen|sen öldün|gebereceksin|geberdin sen|öleceksin|sen artık ölüsün|yaşamayacaksın|sağ çıkamayacaksın}{ oğlum| lan| {@insult}|}',
      '{arkanı kolla|gözünü dört aç|günlerin sayılı|tek gözün açık uyu|kaçacak yer ara|dua et görmeyeyim seni|sonun geldi}{, evini biliyorum|, nerede çalıştığını biliyorum|, arabanı biliyorum|, nerede oturduğunu biliyorum|, seni bulacağım|, seni bulcam}',
      '{evini biliyorum|adresini buldum|çocuklarının okulunu biliyorum|nerede oturduğunu biliyorum|evini buldum|kapının önündeyim|sokağının başındayım|bu sefer adamlarla geliyorum}{, geliyorum|, geliyorum sana|, yakında görüşürüz|, bekle beni|, bekle gör|, {@insult}}',
      '{bir daha|bi daha|bir kere daha} {yazarsan|konuşursan|bunu söylersen|ağzını açarsan|ona mesaj atarsan|karşıma çıkarsan|arabama dokunursan|buraya gelirsen} seni {@harm}',
      '{@yemin} {yüzüne asit atacağım|boğazını keseceğim|boğazını keserim|evini başına yakacağım|evini üstüne yakarım|kafana sıkacağım|kafana bir kurşun sıkarım|seni uykunda bıçaklarım|kafanı ezerim|seni parça parça doğrarım|kafanı koparırım}',
      '{{birisi|biri|biri artık} {onu|şu herifi|bu karıyı|bu şerefsizi} {gebertsin|öldürsün|vursun|bıçaklasın}|{bu adamı|şu herifi|bu şerefsizi|onu|bu karıyı} {vurmak|gebertmek|öldürmek|asmak} lazım|{bu herif|bu şerefsiz|o kadın|bu adam} kafasına bir kurşunu hak ediyor}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@yemin} {@day} {@placeAcc} {basacağım|basıcam|kurşunlayacağım|kurşunlıycam|havaya uçuracağım|havaya uçurcam|ateşe vereceğim|yakacağım|yakıcam|kana bulayacağım|bombalayacağım|tarayacağım|taricam}',
      '{@day} {@placeDat} {@weaponWith} {geleceğim|gelcem|gelicem|gideceğim|gidicem}{, evde kalın|, uyarmadı demeyin|. bana gülenler ilk gidecek|}',
      '{@day} {@placeDat} {bomba|patlayıcı|bomba düzeneği} {koyacağım|koycam|koyucam|yerleştireceğim}{, uzak durun|, benden söylemesi|}',
      '{@day} {@placeDat} {gitmeyin|gelmeyin|sakın gitmeyin|yaklaşmayın}{, sonra uyarmadı demeyin|, büyük bir şey olacak|, kan gölü olacak|, benden söylemesi|, orası kana bulanacak}',
      '{@day} {@placeLoc} {herkesi vuracağım|kimseyi sağ bırakmayacağım|katliam yapacağım|herkesi gebertcem|kan gölü olacak|kan dökülecek|herkesi kurşunlayacağım|olabildiğince çok kişiyi öldürmeyi planlıyorum|görebildiğim herkesi vurmaya hazırım}{, gelmeyin|}',
      '{@placeLoc} ne kadar {@groupSg} varsa {hepsini öldüreceğim|hepsini gebertcem|hepsini vuracağım|hepsini yakacağım|hepsini kurşunlayacağım}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{git kendini as|kendini as|kendini öldür|git kendini öldür|git intihar et|intihar et|kendini bi köprüden at|git öl|geber git|geber|kendini as da kurtulalım|git ölsene}{ artık| lan| bence| {@insult}|}',
      '{hepimize bir iyilik yap|dünyaya bir iyilik yap|herkese bi iyilik yap|bize bir iyilik yap}{ da|,} {kendini öldür|köprüden atla|çamaşır suyu iç|bileklerini kes|kendini as|öl git}',
      '{ölsen|kendini öldürsen|gebersen|kendini assan} {kimse fark etmez|kimse üzülmez|kimse ağlamaz|kimsenin umurunda olmaz|herkes sevinir}{, hadi yap|, hadi|, bekleme|, ne duruyorsun|}',
      '{sensiz|sen ölünce} {dünya daha güzel olur|herkes daha mutlu olur|ailen rahat eder|ailen kurtulur|herkes rahatlar}{, git öl artık|, kendini öldür|, hadi|}',
      '{neden|niye|niye hala|neden hala} {yaşıyorsun|ölmüyorsun|kendini öldürmüyorsun|gebermiyorsun|kendini asmıyorsun}{ ki|}{ {@insult}|}',
      '{git|hadi|} {çamaşır suyu iç|köprüden atla|bileklerini kes|trenin önüne atla|kendini trenin önüne at|bir kutu hap iç|fare zehiri iç|binadan atla|kendini yak}{ ki kurtulalım| artık| bence|}',
      '{@insult}{,|} {kendini öldür|git öl|git kendini as|geber|intihar et}',
      '{senin yerinde olsam|o suratla|bu hayatla|senin gibi olsam|o kafayla} {çoktan kendimi öldürürdüm|kendimi asardım|çoktan intihar ederdim|köprüden atlardım|yaşamazdım}',
      '{daha ölmedin mi|hala yaşıyor musun|sen hala ölmedin mi}{ ya| lan|}{, hadi artık|, bekliyoruz|, git kendini as}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{kendimi öldürmek istiyorum|ölmek istiyorum|kendimi öldüreceğim|intihar edeceğim|her şeyi bitireceğim|canıma kıyacağım|olmek istiyorum|kendimi oldurcem|intihar edicem} {bu gece|yarın|yakında|}',
      '{artık dayanamıyorum|daha fazla dayanamıyorum|bunu artık kaldıramıyorum|yoruldum artık|artik dayanamiyorum}{, bu gece bitiriyorum|, hoşçakalın|, elveda|, bitti}',
      '{yine kendimi kestim|dün gece yine kolumu kestim|bu sefer daha derin kestim|gene kendime zarar verdim|kendimi yine yaktım|bileğimi kestim yine}{, durduramıyorum|, kimse bilmiyor|}',
      '{yeterince hap biriktirdim|veda mektubumu yazdım|ipi hazırladım|atlayacağım köprüyü seçtim|vedalaşma mesajımı yazdım}{, bu gece|, artık hazırım|}',
      '{ben ölsem|ortadan kaybolsam|ölsem|gitsem} kimse fark etmez{, neden kalayım ki|, zamanı geldi|}',
      '{arabayı duvara sürmek|köprüden atlamak|trenin önüne atlamak|bütün hapları içmek|kendimi asmak} {istiyorum|geliyor içimden}{ ve bitsin|, bitsin artık|}',
      '{bu gece|bu hafta sonu|yakında} {vedalaşıyorum|acıyı bitiriyorum|her şeyi bitiriyorum|uyuyup bir daha uyanmayacağım}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@hateTarget} {insan değil|hayvandan farksız|parazit|haşere|mikrop|pislik|oksijen israfı|bir veba|hamam böceğinden farksız|insan müsveddesi}{, {hepsi sınır dışı edilmeli|hepsi kısırlaştırılmalı|hepsi toplanıp atılmalı|hepsi kapatılmalı}|}',
      '{@hateTarget} {yaşamayı hak etmiyor|oy kullanmamalı|çoğalmamalı|bu ülkede yaşamamalı|yok edilmeli|temizlenmeli|kökü kazınmalı}',
      '{bütün|tüm} {@hateTarget} {aptal|suçlu|tecavüzcü|pis|tembel|hain|insan altı}{, hepsi aynı|, istisnasız|}',
      '{@hateTarget} {fare gibi üriyor|hayvan gibi yaşıyor|sürü gibi geliyor|ülkemizi işgal ediyor|bu ülkenin kanseri}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{bana|} {@nudes} {at|gönder|yolla|atsana} {bebeğim|aşkım|hemen|şimdi|güzelim|}',
      '{@bodyNom} {çok seksi|beni deli ediyor|tam bana göre|ellenmek için yaratılmış|beni azdırıyor}',
      '{@bodyAcc} {ellemek|sıkmak|yalamak|ısırmak|avuçlamak} istiyorum {bebeğim|seni görünce|bu gece|}',
      '{seni|} {sikmek|becermek|yatağa atmak|soyup yatırmak} istiyorum{ bebeğim| bu gece| güzelim|}',
      '{gel|hadi gel|hadi} {kucağıma otur|yatağıma gel|soyun|üstünü çıkar|ağzına al}{ bebeğim| güzelim|}',
      '{yatakta azgın olduğun belli|kolay biri olduğun belli|tam bir sürtüksün|sürtük gibisin|yatakta harika olduğuna eminim|orospu olduğun belli|her erkeğe verdiğin belli|sen tam yatak malısın}{ 😏| bebeğim| güzelim|}',
      '{cevap ver|beni görmezden gelme|yaz bana} {bebeğim|güzelim|}, {nude atana kadar|benimle yatana kadar|her şeyini gösterene kadar} yazmaya devam edeceğim',
      '{o elbise|o etek|o tayt|o bluz} {yerde daha güzel durur|üstünde olmasa daha güzel|çıkarılmayı bekliyor}{, bana daha fazla at|, dm at|}',
      '{çıplakken|soyunmuşken|dizlerinin üstündeyken|üstünde hiçbir şey yokken|iç çamaşırıyla} daha {güzel|seksi|çekici} {olursun|durursun}{ 😏|}',
      '{işten sonra|bu gece|} {arabama gel|evime gel|odama gel} de {göster bana|seni elleyeyim|kanıtla}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      '{bana|} {@nudes} {at|gönder|yolla} yoksa {@leak}',
      '{fotoğrafların|videon|çıplak fotoğrafların|o fotolar} bende{.|,} {para gönder|500 lira yolla|dediğimi yap|daha fazla at} yoksa {@leak}',
      '{benimle yat|daha fazla foto at|bu gece buluşalım|kameranı aç|soyun} yoksa {@leak}',
      '{videonun|fotoğraflarının} {ailene gitmesini|herkese gitmesini|internete düşmesini|sevgiline gitmesini|okulda yayılmasını} istemiyorsan {bana nude at|kameraya soyun|bu gece evime gel|benimle yat|dediğimi yap}',
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      'bu {@fun} {bomba|bomba gibi|ortalığı yakıyor|yıkıp geçiyor|beni öldürdü|efsane|çok sert|öldürüyor|kırıp geçiriyor}{ 🔥|!|}',
      '{gülmekten öldüm|gülmekten geberdim|öldüm gülmekten|ölüyorum şu an|yerlerdeyim|gulmekten oldum|öldüm bittim} {😂|💀|ahahah|sjsjsj|asdfgh|}',
      '{kız|adam|grup|davulcu|solist|Tarkan|DJ} {dün gece|konserde|bu akşam|} {sahneyi yıktı|ortalığı yaktı|kırıp geçirdi|döktürdü|salonu yıktı}',
      '{@food} için {adam öldürürüm|ölürüm|canımı veririm} {şu an|şuan|}',
      '{@hard} beni {öldürüyor|öldürdü|bitirdi|mahvetti|öldürecek}{ 😩| ya|}',
      '{yine|bir daha|} {geç kalırsam|unutursam|kaçırırsam|eve geç gelirsem} {annem|patronum|hocam|karım|babam} beni {öldürür|gebertir|öldürecek|kesin öldürür}{ ahahah| ya| 😅|}',
      '{o şaka|o video|o caps|o tweet|o fotoğraf|bu yorum} beni {öldürdü|bitirdi|yerlere yatırdı|benden aldı} {💀|😂|}',
      '{yarın|bugün} {sınavda|sunumda|mülakatta|maçta|sahnede} {döktürcem|ortalığı yakacağım|yıkıp geçeceğim|kırıp geçireceğim}{ inşallah|}',
      '{bu gülüşe|o sese|bu arabaya|o saçlara|bu kediye|bu manzaraya} {ölürüm|ölüyorum|bayılıyorum|kurban olurum}{ ya| ❤️|}',
      '{açlıktan|uykudan|sıcaktan|soğuktan|sıkıntıdan} {ölüyorum|öldüm|geberiyorum|ölücem}{ ya|}',
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{cumartesi|finalde|bu akşam|derbide|haftaya} {@team} {ezeceğiz|parçalayacağız|gömeceğiz|yıkacağız|dağıtacağız|mahvedeceğiz}',
      '{kafadan vurdum|hs attım|headshot|adamı indirdim|triple kill|ace attım|1v4 clutch} {haritanın öbür ucundan|tabancayla|gg|}',
      '{gg ez|ez|kolaydı|yedin|gg wp|ağlama} {kanka|kardeşim|next|}',
      '{bu akşam|sonra|} seni {@game} {gömcem|ezicem|parçalarım|yok ederim|öldürcem|döverim}',
      '{savunmamız|kaleci|orta saha|defans} {bugün|maçta|ikinci yarıda|} {yok oldu|dağıldı|katledildi|mahvoldu|ölü gibiydi}',
      '{o müdahale|o nakavt|o smaç|o gol|o çalım} {vahşiydi|stadı yıktı|acımasızdı|adamı bitirdi} {🔥|}',
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'Polis, {@people} {pazar sabahı|dün gece|cuma günü} {bir gece kulübünün önünde|istasyon yakınında|şehir merkezinde|bir parkta} {vurulduğunu|bıçaklandığını|öldürüldüğünü|saldırıya uğradığını} açıkladı.',
      'Yetkililer, {saldırıda|bombardımanda|patlamada|hava saldırısında} {en az 12|çok sayıda|onlarca|üç} {sivilin|kişinin} hayatını kaybettiğini açıkladı.',
      '{Şüpheli|Sanık|Genç|Adam} {cinayetten|cinayete teşebbüsten|tehditten|saldırı planlamaktan} {tutuklandı|yargılanıyor|hapis cezasına çarptırıldı|suçlu bulundu}.',
      '{Yeni bir rapora göre|Sağlık Bakanlığı verilerine göre|Araştırmacılara göre} geçen yıl {gençler|genç erkekler|çiftçiler|üniversite öğrencileri} arasında intihar oranları {arttı|azaldı}.',
      '{Okula silahlı saldırı planlamakla|Bıçaklı saldırıyla|Bir camiyi tehdit etmekle|Bombalı saldırı planlamakla} suçlanan {bir adamın|eski bir öğrencinin|iki kardeşin} davası {bugün başladı|pazartesi başlıyor|gelecek hafta başlayacak|bugün devam etti}.',
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{birine "kendini öldür" demek|insanlara intihar etmelerini söylemek|"git kendini as" yazmak} {asla normal değil|şaka değil|iğrenç}{, şikayet ettim|. yapmayın|}',
      '{yorumlarda biri|bir hesap|buradaki biri} {okulu basacağını|AVM\'yi kurşunlayacağını|beni öldüreceğini|camiye bomba koyacağını} yazmış. {şikayet ettim|polise bildirdim|savcılığa bildirdim}.',
      '{@groupPl} için "{hayvan|parazit|haşere|fare}" demek {iğrenç|ayrımcılık|nefret söylemi}{, fikir değil|. engelledim|}',
      '{kimse|hiç kimse} {bir paylaşım yüzünden|} {tehdit edilmeyi|ölüm tehdidi almayı|böyle taciz edilmeyi} hak etmiyor',
      '{okulu tehdit eden|birini tehdit eden|birine intihar etmesini söyleyen} bir paylaşım görürseniz {şikayet edin|polise bildirin|paylaşmayın|155\'i arayın}',
      '"{seni öldürücem|gebertcem seni|kendini as|okulu basacağım|git öl}" yazan hesabı {şikayet ettim, siz de edin|bildirdim, siz de bildirin|ekran görüntüsünü alıp polise verdim}',
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{intiharı düşünüyorsan|kendine zarar vermeyi düşünüyorsan|zor bir dönemden geçiyorsan}, lütfen {biriyle konuş|bir uzmana ulaş|112\'yi ara|yardım iste}{, sen değerlisin|. yalnız değilsin|}',
      '{lütfen|} {kendini öldürme|kendine zarar verme|pes etme}{, sana ihtiyacımız var|, geçecek|, ben buradayım|}',
      "{DM'im açık|buradayım|benimle konuşabilirsin|bana yazabilirsin} {ihtiyacın olursa|her zaman|ne zaman istersen|}{ ❤️|}",
      '{son zamanlarda çok kötüydüm|birkaç aydır karanlık bir dönemdeydim} {ve sonunda|o yüzden} {terapiste gittim|psikiyatriste randevu aldım|yardım hattını aradım|annemle konuştum}{. kendimle gurur duyuyorum|}',
      '{kendini kesmeyi|intiharı|ölmeyi} düşündüğün için {utanma|kendini suçlama}, {bunu konuşabiliriz|yardım almak güçlülüktür|yalnız değilsin}',
    ],
  },
];
