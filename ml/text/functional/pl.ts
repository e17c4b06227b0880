// Polish functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, one's own suicidal intent, sexual harassment and sextortion) and the
// benign look-alikes that must stay benign (violent figures of speech, sport and gaming talk, news,
// counter-speech, support). Written as Poles write online (perfective futures, "kurwa", vocative insults,
// with and without diacritics), not translated from english.ts; the same group names and labels.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
// A list entry may itself hold `{@name}` slots (expanded after it is picked); case, gender and number
// agreement is kept inside one entry (a verb with its object, a subject with its participle), never across
// two slots; gendered first-person past forms come as whole alternatives (umarł / umarła).
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const POLISH_LISTS: SlotLists = {
  // What comes before a first-person future ("przysięgam, zajebię cię").
  pre: ['', '', '', '', 'przysięgam, ', 'przysiegam ', 'kurwa, ', 'słowo daję, ', 'mówię ci, ', 'normalnie ', 'jak Boga kocham, ', 'zobaczysz, ', 'ja ', 'no to '],
  // First person singular perfective future (takes the accusative).
  kill: ['zajebię', 'zabiję', 'zapierdolę', 'zadźgam', 'zastrzelę', 'uduszę', 'pobiję', 'skatuję', 'potnę', 'utopię', 'zatłukę', 'wykończę', 'zajebie', 'odstrzelę', 'rozpierdolę', 'zarżnę', 'spalę'],
  // Accusative victims.
  obj: ['cię', 'cię', 'cię', 'cie', 'ciebie', 'was', 'ciebie i całą twoją rodzinę', 'całą twoją rodzinę', 'twoje dzieci', 'twoją matkę', 'twoją starą', 'twojego brata', 'twoją dziewczynę', 'ciebie i twoich kumpli', 'go', 'ją', 'tego typa', 'tę szmatę', 'moją byłą', 'mojego szefa', 'tego frajera'],
  when: ['', '', '', 'dziś w nocy', 'jutro', 'po szkole', 'w ten weekend', 'niedługo', 'w poniedziałek', 'w przyszłym tygodniu', 'własnymi rękami', 'po meczu', 'jeszcze dziś'],
  // Fronted before "cię" + verb ("jutro cię zajebię").
  front: ['jutro', 'dziś w nocy', 'po szkole', 'zaraz', 'kiedyś', 'w końcu', 'jak cię dorwę, to', 'jak cię spotkam, to', 'przysięgam, że', 'jeszcze dziś', 'następnym razem', 'ja', 'normalnie', 'jak wyjdziesz z domu, to'],
  // Clauses after a threat aimed at "you".
  when_you: ['jak cię dorwę', 'jak cię zobaczę', 'jak tylko wyjdziesz z domu', 'jak wrócisz do domu', 'jak tylko cię złapię', 'wiem, gdzie mieszkasz', 'przysięgam', 'zobaczysz', 'słowo daję', 'wcześniej czy później'],
  // Harm with a dative "ci" inside.
  hurt: ['połamię ci nogi', 'połamię ci ręce', 'połamię ci wszystkie kości', 'połamię ci palce', 'skręcę ci kark', 'rozjebię ci łeb', 'rozwalę ci łeb', 'wybiję ci zęby', 'poderżnę ci gardło', 'rozkwaszę ci mordę', 'obiję ci mordę', 'wsadzę ci nóż pod żebra', 'wpakuję ci kulkę w łeb', 'spalę ci chatę', 'obetnę ci łeb'],
  // "..., a ..." / "jeśli ..., to ..." with "you" fixed.
  kill_you: ['zajebię cię', 'zabiję cię', 'cię zajebię', 'cię zabiję', 'zapierdolę cię', 'połamię ci nogi', 'rozjebię ci łeb', 'poderżnę ci gardło', 'wybiję ci zęby', 'zadźgam cię', 'zastrzelę cię', 'nie żyjesz', 'zajebie cie', 'jesteś trupem'],
  // Vocative insults.
  insult: ['ty kurwo', 'ty szmato', 'ty chuju', 'ty frajerze', 'ty debilu', 'ty pedale', 'ty śmieciu', 'ty cwelu', 'ty idioto', 'ty gnoju', 'ty pizdo', 'ty grubasie', 'ty skurwysynu', 'ty zjebie', 'ty psie', 'kurwo', 'szmato', 'frajerze', 'ty suko'],
  // Places: accusative, locative with preposition, directional with preposition, nominative.
  p_acc: ['szkołę', 'moją szkołę', 'galerię', 'meczet', 'kościół', 'synagogę', 'biuro', 'stadion', 'paradę równości', 'festiwal', 'dworzec', 'klub', 'jarmark świąteczny', 'uczelnię', 'lotnisko', 'ośrodek dla uchodźców', 'urząd miasta'],
  p_loc: ['w szkole', 'w mojej szkole', 'w galerii', 'w meczecie', 'w kościele', 'w synagodze', 'w biurze', 'na stadionie', 'na paradzie równości', 'na festiwalu', 'na dworcu', 'w klubie', 'na jarmarku', 'na uczelni', 'na lotnisku', 'w ośrodku dla uchodźców', 'na koncercie'],
  p_to: ['do szkoły', 'do mojej szkoły', 'do galerii', 'do meczetu', 'do kościoła', 'do synagogi', 'do biura', 'na stadion', 'na paradę równości', 'na festiwal', 'na dworzec', 'do klubu', 'na jarmark', 'na uczelnię', 'na lotnisko', 'na koncert'],
  p_nom: ['szkoła', 'moja szkoła', 'galeria', 'meczet', 'kościół', 'synagoga', 'stadion', 'parada równości', 'festiwal', 'dworzec', 'klub', 'uczelnia', 'ośrodek dla uchodźców', 'jarmark'],
  day: ['jutro', 'w piątek', 'w ten weekend', 'w przyszłym tygodniu', 'dzisiaj', 'w poniedziałek', 'na długiej przerwie', 'dziś wieczorem', 'pojutrze'],
  weapon: ['broń', 'pistolet ojca', 'strzelbę ojca', 'nóż', 'bombę', 'maczetę', 'benzynę', 'kwas', 'klamkę', 'kałacha'],
  // Groups: virile plural nominative; genitive (= virile accusative); instrumental.
  group_nom: ['imigranci', 'muzułmanie', 'Żydzi', 'geje', 'Ukraińcy', 'czarni', 'uchodźcy', 'Cyganie', 'katolicy', 'Azjaci', 'niepełnosprawni', 'Arabowie', 'Niemcy', 'Ruscy'],
  group_gen: ['imigrantów', 'muzułmanów', 'Żydów', 'gejów', 'pedałów', 'Ukraińców', 'czarnych', 'uchodźców', 'Cyganów', 'katolików', 'Azjatów', 'niepełnosprawnych', 'Arabów', 'Niemców', 'Ruskich'],
  // Counter-speech names the groups without slurs.
  group_cs: ['imigrantów', 'muzułmanów', 'Żydów', 'gejów', 'Ukraińców', 'czarnych', 'uchodźców', 'Romów', 'katolików', 'Azjatów', 'niepełnosprawnych', 'Arabów', 'kobiet', 'osób trans'],
  group_ins: ['imigrantami', 'muzułmanami', 'Żydami', 'gejami', 'pedałami', 'Ukraińcami', 'czarnymi', 'uchodźcami', 'Cyganami', 'katolikami', 'Azjatami', 'niepełnosprawnymi', 'Arabami'],
  // Accusative.
  nudes: ['nudesy', 'nagie zdjęcia', 'fotkę cycków', 'zdjęcie tyłka', 'swoje cycki', 'fotkę tego, co masz pod sukienką', 'fotkę spod prysznica', 'filmik, jak się rozbierasz', 'fotkę bez stanika', 'nudeski'],
  leak: ['wrzucę twoje zdjęcia do sieci', 'wyślę twoje fotki twoim starym', 'wszyscy zobaczą twój filmik', 'wszystko wycieknie', 'wyślę wszystko twojemu szefowi', 'twoja rodzina dostanie ten filmik', 'wrzucę wszystko na neta', 'cała szkoła zobaczy twoje nudesy', 'roześlę filmik twoim znajomym'],
  // Nominative singular, predicates that do not mark gender.
  fun: ['ten kawałek', 'ta piosenka', 'ten bit', 'ta płyta', 'twoja stylówka', 'ta sukienka', 'to ciasto', 'ta pizza', 'ten żart', 'ten gol', 'ten refren', 'ten drop', 'ten teledysk', 'ten look'],
  // Accusative after "za".
  food: ['pizzę', 'kebaba', 'kawę', 'frytki', 'zimne piwo', 'przytulasa', 'zapiekankę', 'pierogi', 'schabowego', 'hot doga', 'drożdżówkę'],
  // Singular subjects that are hard going.
  hard: ['ten trening', 'dzień nóg', 'ten upał', 'ten egzamin', 'mój szef', 'ten korek', 'ta wycieczka', 'ten tydzień', 'poniedziałek', 'ten ostry sos', 'moja córka', 'ta sesja', 'matma', 'mój kac', 'ten PIT'],
  // Accusative.
  team: ['ich', 'tamtych', 'Legię', 'Lecha', 'Wisłę', 'rywali', 'was', 'gości', 'Widzew', 'Raków', 'Górnika'],
  game: ['w FIFĘ', 'w Mario Karta', 'w CoD-a', 'w Fortnite', 'w szachy', 'w ping-ponga', 'w Monopoly', 'w piłkarzyki', 'w Smasha', 'w LoL-a'],
  // Subject with the participle agreeing.
  news_people: [
    'mężczyzna został {zastrzelony|dźgnięty nożem|zabity|zaatakowany}', 'kobieta została {zastrzelona|dźgnięta nożem|zabita|zaatakowana}',
    'nastolatek został {zastrzelony|dźgnięty nożem|zabity|zaatakowany}', 'dwie osoby zostały {zastrzelone|dźgnięte nożem|zabite|zaatakowane}',
    'trzech mężczyzn zostało {zastrzelonych|dźgniętych nożem|zabitych|zaatakowanych}', 'policjant został {zastrzelony|dźgnięty nożem|zaatakowany}',
    'kilka osób zostało {zastrzelonych|dźgniętych nożem|zabitych|zaatakowanych}',
  ],
};

export const POLISH_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@pre}{@kill} {@obj} {@when}{, {@insult}|}',
      '{@front} cię {@kill}{, {@insult}|}',
      '{@pre}{@hurt}{, {@when_you}|}{, {@insult}|}',
      '{nie żyjesz|już nie żyjesz|jesteś trupem|już jesteś trupem|już po tobie|zginiesz|nie zyjesz|jestes trupem}{, {@when_you}|}{, {@insult}|}',
      '{oglądaj się za siebie|śpij z jednym okiem otwartym|licz swoje dni|twoje dni są policzone|lepiej zacznij uciekać|ciesz się ostatnimi dniami|módl się}, {wiem, gdzie mieszkasz|wiem gdzie mieszkasz|wiem, gdzie pracujesz|wiem, który samochód jest twój|znajdę cię|dopadnę cię|przyjdę po ciebie}',
      '{wiem, gdzie mieszkasz|wiem gdzie mieszkasz|wiem, do której szkoły chodzą twoje dzieci|mam twój adres|znam twój adres|wiem, gdzie mieszka twoja matka|znalazłem twój dom} {i już po ciebie idę|i przyjdę po ciebie|, do zobaczenia wkrótce|, zobaczysz, co będzie|i niedługo będziesz trupem|, dziś w nocy twoja kolej}',
      '{gadaj tak dalej|powiedz to jeszcze raz|napisz to jeszcze raz|jeszcze jedno słowo|jeszcze jeden komentarz|pyskuj dalej}, a {@kill_you}{, {@insult}|}',
      '{jeśli|jak|jeżeli} {jeszcze raz|kiedykolwiek|} {tu przyjdziesz|dotkniesz mojego auta|napiszesz do mojej dziewczyny|pokażesz się tutaj|dotkniesz mojej siostry}, {to |}{@kill_you}',
      '{{ktoś powinien|ktoś musi w końcu} {zabić|zastrzelić|zadźgać|powiesić|przejechać} {tego typa|tę szmatę|tego polityka|tego gościa|ciebie|tę sukę}|{niech ktoś w końcu|mam nadzieję, że ktoś} {zabije|zastrzeli|zadźga|powiesi|przejedzie} {tego typa|tę szmatę|tego polityka|tego gościa}|{on zasługuje|ona zasługuje|ten typ zasługuje|zasługujesz} na kulkę w łeb}',
      '{idę po ciebie|czekam pod twoim domem|stoję pod twoimi drzwiami|jadę do ciebie z nożem|następnym razem przyjdę z kumplami|czekam na ciebie po szkole}{ i wtedy nie żyjesz| i wtedy po tobie| i będziesz krwawić| i będą trupy|, a wtedy się doigrasz}{, {@insult}|}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@pre}{{wysadzę|podpalę|spalę|rozpierdolę} {@p_acc}|{zrobię rzeź|zrobię strzelaninę|otworzę ogień|wystrzelam wszystkich|powybijam wszystkich} {@p_loc}} {@day}',
      '{przyniosę|wezmę|wniosę} {@weapon} {@p_to} {@day}{, zostańcie w domu|, zostaliście ostrzeżeni|. Ci, co się śmiali, pójdą pierwsi|. Wszyscy pożałujecie|}',
      '{@p_nom} {wyleci {@day} w powietrze|spłonie {@day}|{@day} spłynie krwią|będzie {@day} jedną wielką rzeźnią|{@day} pójdzie z dymem}{, trzymajcie się z daleka|, nie mówcie, że nie ostrzegałem|, wszystko jest gotowe|, mówię serio|}',
      '{nie idź|nie idźcie|nie przychodź|nie przychodźcie} {@day} {@p_to}, {będzie rozpierdol|będą trupy|wszystkich tam powybijam|coś przygotowałem i poleje się krew|będzie strzelanina}',
      '{planuję|zamierzam|jestem gotów|jestem gotowy} {@day} {@p_loc} {zabić|zastrzelić|zadźgać|wystrzelać} {jak najwięcej osób|wszystkich|ich wszystkich|tylu, ilu się da}',
      '{@pre}{wystrzelam|wybiję|zajebię|wymorduję} wszystkich {@group_gen} {@p_loc} {@day}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{zabij się|zajeb się|powieś się|idź się powieś|idź się zabij|skocz z mostu|zdychaj|zdechnij|umrzyj|wypierdalaj z tego świata|kys|potnij się|podetnij sobie żyły|zabij sie|powies sie}{ w końcu| już| lol|, proszę| {@insult}|, {@insult}|}',
      '{zrób nam wszystkim przysługę|zrób światu przysługę|zrób wszystkim przysługę|wyświadcz ludzkości przysługę} i {zabij się|powieś się|skocz z mostu|wypij wybielacz|podetnij sobie żyły|zniknij na zawsze|zdechnij}',
      '{nikt by za tobą nie tęsknił|nikt by nawet nie zauważył|nikt by nie płakał|nikogo by to nie obeszło}, {gdybyś umarł|gdybyś umarła|gdybyś się zabił|gdybyś się zabiła|gdyby cię nie było}{, więc zrób to|, tak tylko mówię|, skończ z tym|}',
      '{świat byłby lepszy bez ciebie|wszystkim byłoby lepiej bez ciebie|wszyscy byliby szczęśliwsi, gdyby cię nie było|twojej rodzinie byłoby lżej bez ciebie|świat byłby piękniejszy, gdybyś zdechł|wszystkim by ulżyło, gdybyś się powiesił}{, więc idź|, więc to zrób|, po prostu to zrób|, skończ ze sobą|}',
      '{czemu się po prostu nie zabijesz|czemu się nie powiesisz|czemu nie skoczysz z mostu|kiedy w końcu zdechniesz|kiedy się w końcu powiesisz|po co ty w ogóle żyjesz|czemu jeszcze żyjesz}{?| lol|, {@insult}?|}',
      '{powinieneś|powinnaś|musisz|powinieneś po prostu} {się zabić|się powiesić|umrzeć|skoczyć z mostu|podciąć sobie żyły|przestać oddychać|rzucić się pod pociąg}{, {@insult}|, serio|, naprawdę|}',
      '{@insult}{,|} {zabij się|powieś się|zdychaj|kys|idź się zabij|skocz z mostu}',
      '{gdybym tak wyglądał jak ty,|gdybym był tobą,|na twoim miejscu|z taką mordą|z takim życiem jak twoje} {zabiłbym się|dawno bym się powiesił|skoczyłbym z mostu|już dawno bym ze sobą skończył|podciąłbym sobie żyły}',
      '{idź pobawić się na autostradzie|rzuć się pod pociąg|skocz z dachu|łyknij całe opakowanie tabletek|wyskocz przez okno|połóż się na torach}{ lol|, proszę|, nikt cię nie potrzebuje|, nikt nie będzie płakał|}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{chcę się zabić|chcę umrzeć|zabiję się|chcę ze sobą skończyć|chcę odebrać sobie życie|chcę się powiesić|mam zamiar się zabić} {dziś w nocy|jutro|niedługo|}',
      '{nie daję już rady|nie mogę już tak dłużej|nie wytrzymam tego dłużej|nie mam już siły}{, dziś w nocy z tym skończę|, chcę tylko umrzeć|, żegnajcie|, to mój ostatni post}',
      '{znowu się pocięłam|znowu się pociąłem|wczoraj w nocy się pocięłam|znowu się okaleczyłem|pocięłam się głębiej niż zwykle|przypaliłem się znowu papierosem|znowu się cięłam}{|, nie umiem przestać}',
      '{mam|już mam} {odłożone tabletki|napisany list pożegnalny|przygotowany sznur|wybrany most}{|, zostało niewiele czasu}',
      '{nikt by nie zauważył|nikogo by to nie obeszło}, {gdybym zniknął|gdybym zniknęła|gdybym umarł|gdybym umarła|gdyby mnie nie było}{, więc po co zostawać|, czas na mnie|}',
      '{chcę po prostu|dziś w nocy zamierzam|chyba zaraz pójdę} {wjechać autem w drzewo|skoczyć z dachu|rzucić się pod pociąg|łyknąć wszystkie tabletki|się powiesić|skoczyć z mostu}{ i koniec|, wtedy będzie po wszystkim|}',
      '{dziś w nocy|w ten weekend|niedługo|jutro} {pożegnam się na zawsze|skończę z tym bólem|w końcu ze sobą skończę|zasnę i się nie obudzę|będzie po mnie}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@group_nom} to {robactwo|pasożyty|karaluchy|zwierzęta|ścierwo|podludzie|zaraza|plaga|śmiecie|szczury|nie ludzie|bydło}{ i trzeba ich {zamknąć|deportować|wysterylizować|wytępić|wygazować}|}',
      '{@group_nom} {nie zasługują na życie|nie powinni mieć prawa głosu|nie powinni się rozmnażać|nie powinni mieć prawa pracować|nie powinni istnieć|powinni zostać wytępieni|powinni trafić do komór gazowych}',
      '{wszyscy|wszyscy bez wyjątku|ci wszyscy} {@group_nom} {to debile|to przestępcy|to gwałciciele|to brudasy|to lenie|są gorsi od zwierząt|to ścierwo}',
      '{nienawidzę {@group_gen}|brzydzę się {@group_ins}|pierdolę {@group_gen}}{, to nie są ludzie|, sami podludzie|, to zwykłe szczury|, obrzydliwe bydło}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{wyślij mi|pokaż mi|wyślij|podeślij mi} {@nudes}{, kotku|, mała|, teraz|, szybko|}',
      '{twoje cycki aż się proszą, żeby je złapać|twój tyłek aż się prosi, żeby go złapać|twoje usta są stworzone do obciągania|twoje cycki są stworzone dla mnie|twój tyłek jest stworzony dla mnie|masz zajebiste cycki do ruchania|masz dupę do ruchania|twoje nogi są stworzone, żeby je rozkładać}{, kotku|, mała| 😏|}',
      '{chcę|chciałbym|mam ochotę} {cię złapać za cycki|wymacać ci tyłek|cię całą wylizać|ścisnąć ci cycki|klepnąć cię w tyłek|cię zerżnąć|cię przelecieć|cię rozebrać}{, jak cię zobaczę| dziś w nocy|, czy chcesz, czy nie|}',
      '{siadaj mi na twarz|obciągnij mi|possij mi|wskakuj do mojego łóżka|rozbierz się|zdejmij majtki|klęknij przede mną}{, kotku|, suko|, mała| teraz| już|}',
      '{założę się, że|na pewno|widać, że} {jesteś dziwką|jesteś łatwa|jesteś niezła w łóżku|dobrze obciągasz|jesteś szmatą|lubisz ostro}{ 😏|}',
      '{przestań mnie ignorować|odpisz mi|odpisz w końcu|nie ignoruj mnie}{, kotku|, mała|}, będę {pisać|pytać|cię męczyć} tak długo, aż {wyślesz mi nagie zdjęcia|pokażesz mi wszystko|się ze mną prześpisz|się dla mnie rozbierzesz}',
      '{ta sukienka lepiej wyglądałaby|ta bluzka lepiej wyglądałaby|ten strój lepiej wyglądałby|ta spódniczka lepiej wyglądałaby} {na mojej podłodze|w moim łóżku}{, wyślij więcej|, pisz na priv|}',
      '{lepiej byś wyglądała|wyglądałabyś lepiej|zajebiście byś wyglądała} {nago|bez ciuchów|na kolanach przede mną|w samej bieliźnie}{ 😏|, kotku|}',
      '{przyjdź|wpadnij} {po zmianie|po pracy|dziś wieczorem|} {do mojego auta|do mnie|do mojego biura} i {pokaż mi wszystko|daj się dotknąć|rozbierz się dla mnie}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      'wyślij {mi|} {@nudes} albo {@leak}',
      '{mam|mam tu|trzymam} {twoje zdjęcia|ten filmik|twoje nudesy|te fotki}{.|,} {zapłać|przelej 2000 zł|wyślij więcej|rób, co mówię} albo {@leak}',
      '{prześpij się ze mną|wyślij więcej|spotkaj się ze mną dziś wieczorem|przyjedź do mnie} albo {@leak}',
      'jeśli {nie|do wieczora nie|od razu nie} {wyślesz mi nowych nudesów|wyślesz mi więcej zdjęć|wyślesz mi filmiku}, {to |}{@leak}',
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      '{@fun} {to sztos|to petarda|to bomba|zabija|miażdży|rozwala system|wymiata|to jest killer|to czysty ogień|mnie rozwala}{ 🔥|!|}',
      '{umieram ze śmiechu|umieram|nie żyję|nie mogę|leżę i kwiczę|padłem|padłam|zdycham ze śmiechu|umieram ze smiechu|nie zyje|popłakałem się ze śmiechu}{ 😂| 💀| xD| haha| hahaha|}',
      '{ona pozamiatała|on pozamiatał|zespół pozamiatał|perkusista rozwalił system|wokalistka zmiażdżyła wszystkich|pozamiatałaś|pozamiatałeś|on zabił wszystkich tym solo|ona zabiła wszystkich tym głosem}{ dziś wieczorem| na koncercie| wczoraj| na scenie|}',
      '{zabiłbym|zabiłabym|oddałbym duszę|dałbym się pokroić|normalnie zabiłbym} za {@food}{ teraz| serio|}',
      '{@hard} {mnie zabija|mnie wykończy|mnie dobija|to moja śmierć|mnie kiedyś zabije|mnie rozkłada na łopatki}{ 😩| lol| serio|}',
      '{jutro|dziś|w piątek|} {zmiażdżę|rozwalę|rozniosę|zniszczę} {ten egzamin|tę prezentację|rozmowę kwalifikacyjną|ten sprawdzian|trening|to kolokwium}',
      '{połamania nóg|powodzenia, rozwal ich|pozamiataj ich|zmiażdż ich|rozwal system|dawaj, zabij ich tam|rozwal ich wszystkich}{ dzisiaj| na scenie|}!',
      '{mama|szef|trener|żona|mój chłopak} {mnie zabije|mnie zamorduje|urwie mi łeb|mnie udusi|mnie żywcem zakopie}, jak {znowu|jeszcze raz|} {się spóźnię|zapomnę o spotkaniu|opuszczę trening}{ lol| haha| xD|}',
      '{ten filmik|ten mem|ten tweet|ten komentarz|ten żart|ten gif} {mnie zabija|mnie rozwala|mnie niszczy|mnie rozkłada}{ 💀| 😂|}',
      '{strzelaj, słucham|no dawaj, strzelaj|strzeliłem gafę|ale strzeliłaś gafę|znowu strzelił focha|strzeliła focha|strzelę sobie drzemkę}{ 😂| lol|!| xD|}',
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{zmiażdżymy|rozjedziemy|zniszczymy|rozniesiemy|zaorzemy|zabijemy} {@team} {w sobotę|w finale|dziś wieczorem|w przyszłym tygodniu|w derbach|w pucharze}',
      '{headshot|hedszot|zabiłem go|mam killa|triple kill|ace|clutch|wyciągnąłem clutcha|one tap}{!|} {przez całą mapę|z pistoletu|gg|z AWP|z 200 metrów|w ostatniej rundzie}',
      '{gg ez|gg wp|get rekt|zostaliście zmiażdżeni|zaorani|rozjechani}{ lol| następna runda| hahaha|}',
      '{rozwalę|zniszczę|zabiję|zmiażdżę|zaorzę} cię {dziś wieczorem|później|zaraz|} {@game}',
      '{nasza obrona została dziś zmasakrowana|nasz bramkarz dziś nie istniał|nasza defensywa dzisiaj umarła|nasz atak był dziś martwy|nasza obrona leżała i kwiczała|obrona została rozjechana|zostaliśmy dziś zmasakrowani}{ 😩|, masakra|}',
      '{to podanie|ten wślizg|ta kontra|ten nokaut|ten wsad|ten strzał} {to była petarda|to było zabójstwo|to była masakra|to było zabójcze|to było mordercze}{ 🔥|!|}',
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'Według policji {@news_people} {w nocy z soboty na niedzielę|wczoraj wieczorem|w piątek} {przed klubem nocnym|na dworcu|w centrum miasta|w parku}.',
      '{Co najmniej dwunastu|Kilku|Kilkudziesięciu|Trzech} {cywilów|ludzi} zginęło w {ataku|ostrzale|eksplozji|nalocie}, poinformowały władze.',
      '{Podejrzany|Mężczyzna|Nastolatek|Sprawca} {został oskarżony o {zabójstwo|usiłowanie zabójstwa|groźby karalne|planowanie zamachu}|przyznał się do {zabójstwa|usiłowania zabójstwa|gróźb karalnych|planowania zamachu}|został skazany za {zabójstwo|usiłowanie zabójstwa|groźby karalne|planowanie zamachu}}.',
      '{Według nowego raportu|Według ministerstwa zdrowia|Jak podają badacze,} liczba samobójstw wśród {nastolatków|młodych mężczyzn|weteranów|rolników|studentów} w zeszłym roku {wzrosła|spadła}.',
      'Proces {mężczyzny oskarżonego|byłego ucznia oskarżonego|dwóch braci oskarżonych|19-latka oskarżonego} o {planowanie strzelaniny w szkole|atak nożem|groźby wobec meczetu|przygotowanie zamachu bombowego} {rozpoczyna się w poniedziałek|rozpoczął się w poniedziałek|rusza dzisiaj|będzie kontynuowany w przyszłym tygodniu}.',
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{pisanie komuś „zabij się”|mówienie ludziom, żeby się powiesili,|pisanie „kys” pod postem|życzenie komuś śmierci} {nigdy nie jest okej|nie jest żartem|jest obrzydliwe|to zwykła przemoc}{, zgłoszone|. Przestańcie|}',
      '{ktoś|jakiś typ|jeden gość} {w komentarzach|tutaj|} groził, że {zaatakuje szkołę|wysadzi galerię|mnie zadźga|podpali meczet|zrobi strzelaninę w szkole}. {Zgłoszone|Zgłosiłem to na policję|Sprawa jest na policji}.',
      'nazywanie {@group_cs} „{zwierzętami|robactwem|szczurami|podludźmi}” to {obrzydliwe|mowa nienawiści|czysta nienawiść|zwykła nagonka}{, a nie opinia|. Blokuję|}',
      '{nikt nie zasługuje na {groźby|takie nękanie|groźby śmierci|życzenia śmierci|hejt|takie wiadomości}|nikt nie powinien dostawać {gróźb|gróźb śmierci|takich wiadomości}|nikt nie powinien czytać, że ma się zabić}{ za jeden post|, nigdy|, serio|}',
      '{jeśli widzisz|jak widzisz|kiedy zobaczysz} post, który {grozi szkole|grozi komuś|namawia kogoś do samobójstwa}, {zgłoś go|zadzwoń na policję|nie udostępniaj go}',
      '„{zajebię cię|zadźgam cię|wystrzelam was wszystkich}” to nie opinia{, tylko groźba|, to przestępstwo}{. Zgłoszone|. Screen poszedł na policję|}',
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'jeśli {myślisz o samobójstwie|myślisz o tym, żeby zrobić sobie krzywdę|już nie dajesz rady|masz myśli samobójcze}, {porozmawiaj z kimś, proszę|zadzwoń na 116 123|odezwij się do kogoś}{, jesteś ważny|, jesteś ważna|. Nie jesteś sam|. Nie jesteś sama|}',
      '{proszę, nie zabijaj się|nie rób sobie krzywdy|nie poddawaj się|proszę, nie rób sobie nic złego}{, potrzebujemy cię|, będzie lepiej|, jestem tu dla ciebie|}',
      '{moje DM-y są otwarte|jestem tu dla ciebie|możesz do mnie pisać|możesz ze mną pogadać}{, jeśli potrzebujesz| o każdej porze|}{ ❤️|}',
      '{miałem kilka ciężkich miesięcy i w końcu {poszedłem do terapeuty|zadzwoniłem na telefon zaufania|pogadałem z mamą}|miałam kilka ciężkich miesięcy i w końcu {poszłam do terapeutki|zadzwoniłam na telefon zaufania|pogadałam z mamą}|długo było ze mną źle, więc {poszedłem|poszłam} na terapię}{. Warto prosić o pomoc|}',
      '{hej, jak się naprawdę czujesz?|widzę, że ostatnio nie jest ci dobrze.|ostatnio wydajesz się taki smutny.|ostatnio wydajesz się taka smutna.} {Chcesz pogadać?|Może zadzwonimy?|Słucham cię.|Jestem tu.}',
    ],
  },
];
