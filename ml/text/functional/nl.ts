// Dutch functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, one's own suicidal intent, sexual harassment and sextortion) and the
// benign look-alikes that must stay benign (violent figures of speech, sport and gaming talk, news,
// counter-speech, support). Written as the Dutch write online (split separable verbs, "kanker-" curses,
// "wallah", app-speak), not translated from english.ts; the same group names and labels.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
// A list entry may itself hold `{@name}` slots (expanded after it is picked); word order and agreement
// are kept inside one entry (a verb with its particle, a subject with its verb), never across two slots.
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const DUTCH_LISTS: SlotLists = {
  // Subject that a first-person present verb follows ("ik maak je af").
  ik: ['ik', 'ik', 'ik', 'ik zweer je, ik', 'wallah ik', 'ik zweer het, ik', 'echt ik', 'let op, ik', 'serieus ik', 'bro ik', 'ey ik', 'ik beloof je, ik'],
  // First person present, separable particle at the end; {@obj} is the victim, {@mid} an optional time.
  harm: [
    'maak {@obj} {@mid} af', 'vermoord {@obj} {@mid}', 'steek {@obj} {@mid} neer', 'schiet {@obj} {@mid} neer', 'knal {@obj} {@mid} neer',
    'sla {@obj} {@mid} dood', 'sla {@obj} {@mid} in elkaar', 'schop {@obj} {@mid} dood', 'maak {@obj} {@mid} kapot', 'wurg {@obj} {@mid}',
    'sla {@obj} {@mid} helemaal verrot', 'maak {@obj} {@mid} koud', 'steek {@obj} {@mid} overhoop', 'knal {@obj} {@mid} af',
  ],
  obj: ['je', 'je', 'je', 'jou', 'jullie', 'je hele familie', 'je moeder', 'je broer', 'je vriendin', 'je kinderen', 'jou en je vrienden', 'hem', 'haar', 'die gast', 'die kankerhoer', 'mijn ex', 'mijn baas', 'die sukkel', 'die vieze rat'],
  // Time in the middle field (before the particle).
  mid: ['', '', '', 'vanavond', 'morgen', 'na school', 'dit weekend', 'binnenkort', 'volgende week', 'op straat', 'eigenhandig', 'maandag', 'gewoon'],
  // Infinitives after "ik ga ... ".
  inf: ['afmaken', 'vermoorden', 'neersteken', 'neerschieten', 'doodslaan', 'in elkaar slaan', 'kapotmaken', 'wurgen', 'doodschoppen', 'neerknallen', 'koud maken', 'overhoop steken'],
  ga: ['ik ga', 'ik ga', 'ik zal', 'echt ik ga', 'wallah ik ga', 'let op, ik ga', 'ik zweer het, ik ga'],
  // Body harm with "je" possessive inside; {@mid} after the verb.
  hurt: [
    'breek {@mid} al je botten', 'breek {@mid} je nek', 'sla {@mid} je tanden uit je bek', 'trap {@mid} je hersens in', 'snij {@mid} je keel door',
    'jaag {@mid} een kogel door je kop', 'steek {@mid} een mes in je buik', 'sla {@mid} je bek kapot', 'steek {@mid} je huis in de fik',
    'breek {@mid} je benen', 'schop {@mid} je kop in elkaar',
  ],
  // "en ik ..." with "je" fixed.
  kill_je: ['maak je af', 'vermoord je', 'steek je neer', 'schiet je neer', 'sla je dood', 'sla je in elkaar', 'breek je nek', 'sla je tanden uit je bek', 'maak je koud', 'trap je hersens in', 'snij je keel door', 'breek al je botten'],
  // Main clause after a fronted "als" clause (verb second).
  kill_v2: ['maak ik je af', 'dan maak ik je af', 'vermoord ik je', 'dan vermoord ik je', 'steek ik je neer', 'schiet ik je neer', 'sla ik je dood', 'ben je dood', 'dan ben je dood', 'breek ik al je botten', 'dan ga je eraan', 'dan sla ik je helemaal verrot'],
  end: ['als ik je zie', 'als ik je te pakken krijg', 'zodra je buiten komt', 'als je thuiskomt', 'ik weet waar je woont', 'ik zweer het', 'geloof me maar', 'reken maar', 'uiterlijk morgen'],
  insult: ['kankerlijer', 'kankerhoer', 'tyfuslijer', 'mongool', 'vuile hoer', 'klootzak', 'stuk stront', 'sukkel', 'loser', 'vieze slet', 'teringlijer', 'kutwijf', 'vuile rat', 'mislukkeling', 'jij kankerlijer', 'jij vieze hoer', 'vuile kankerhond'],
  // Places: bare (object/subject), location with preposition, direction with "naar".
  place: ['de school', 'mijn school', 'het winkelcentrum', 'de moskee', 'de kerk', 'de synagoge', 'het kantoor', 'het stadion', 'de Pride', 'het festival', 'het station', 'de club', 'de kerstmarkt', 'de uni', 'het AZC', 'het gemeentehuis', 'de markt', 'de kermis'],
  p_in: ['op school', 'op mijn school', 'in het winkelcentrum', 'in de moskee', 'in de kerk', 'in de synagoge', 'op kantoor', 'in het stadion', 'op de Pride', 'op het festival', 'op het station', 'in de club', 'op de kerstmarkt', 'op de uni', 'op Schiphol', 'in het AZC', 'op de markt', 'op de kermis'],
  p_to: ['naar school', 'naar mijn school', 'naar het winkelcentrum', 'naar de moskee', 'naar de kerk', 'naar de synagoge', 'naar kantoor', 'naar het stadion', 'naar de Pride', 'naar het festival', 'naar het station', 'naar de club', 'naar de kerstmarkt', 'naar de uni', 'naar Schiphol', 'naar de markt', 'naar de kermis'],
  day: ['morgen', 'vrijdag', 'dit weekend', 'volgende week', 'vandaag', 'maandag', 'in de pauze', 'vanavond', 'overmorgen'],
  place_attack: [
    'blaas {@day} {@place} op', 'steek {@day} {@place} in de fik', 'schiet {@day} {@p_in} iedereen neer', 'richt {@day} {@p_in} een bloedbad aan',
    'open {@day} {@p_in} het vuur', 'maak {@day} {@p_in} iedereen af', 'gooi {@day} een bom {@p_in}', 'steek {@day} {@p_in} iedereen neer',
    'knal {@day} {@p_in} iedereen neer',
  ],
  weapon: ['een pistool', 'het pistool van mijn vader', 'het geweer van mijn vader', 'een mes', 'een bom', 'een machete', 'benzine', 'zuur', 'een AK', 'een vuurwapen'],
  group: ['buitenlanders', 'moslims', 'joden', "homo's", 'transpersonen', 'zwarten', 'vrouwen', 'vluchtelingen', 'gehandicapten', 'christenen', 'Marokkanen', 'Turken', 'Polen', 'Aziaten', 'flikkers', 'asielzoekers'],
  // Counter-speech names the groups without slurs.
  group_cs: ['buitenlanders', 'moslims', 'joden', "homo's", 'transpersonen', 'zwarte mensen', 'vrouwen', 'vluchtelingen', 'gehandicapten', 'christenen', 'Marokkanen', 'Turken', 'Polen', 'Aziaten', 'asielzoekers'],
  nudes: ['nudes', "naaktfoto's", 'een foto van je tieten', 'een foto van je kont', 'een naaktfoto', 'een filmpje van jezelf naakt', 'een foto onder de douche', 'wat meer bloot', 'een foto zonder bh', 'een pic van je tieten'],
  body: ['je tieten', 'je kont', 'je borsten', 'je lichaam', 'je benen', 'je reet', 'je lippen'],
  leak: ["ik post je foto's", "ik stuur je foto's naar je ouders", 'iedereen ziet je filmpje', 'ik lek alles', 'ik stuur alles naar je baas', 'je familie krijgt het filmpje', 'ik zet alles online', "de hele school ziet je naaktfoto's", 'ik stuur het filmpje naar je vrienden'],
  leak_v2: ["post ik je foto's", "stuur ik je foto's naar je ouders", 'ziet iedereen je filmpje', 'lek ik alles', 'krijgt je baas alles', 'zet ik alles online', "ziet de hele school je naaktfoto's", 'gaat het filmpje naar je vrienden'],
  fun: ['dit nummer', 'die track', 'deze beat', 'dat album', 'je outfit', 'die jurk', 'die taart', 'deze pizza', 'die grap', 'die goal', 'dat refrein', 'die drop', 'die nieuwe plaat', 'die look'],
  food: ['een patatje', 'een frikandel', 'een bak koffie', 'een dutje', 'een koud biertje', 'een knuffel', 'een kapsalon', 'een stroopwafel', 'een pizza', 'een broodje shoarma', 'een kroket'],
  // Singular subjects that are hard going.
  hard: ['deze workout', 'die beendag', 'deze hitte', 'dit tentamen', 'mijn baas', 'de file', 'die trap', 'deze wandeling', 'deze week', 'maandag', 'die pittige saus', 'mijn spierpijn', 'mijn dochter', 'de belastingaangifte', 'deze kater'],
  team: ['ze', 'die gasten', 'Ajax', 'Feyenoord', 'PSV', 'de tegenstander', 'jullie', 'onze rivalen', 'de bezoekers', 'AZ'],
  sday: ['zaterdag', 'in de finale', 'vanavond', 'volgende week', 'in de klassieker', 'in de beker'],
  game: ['met FIFA', 'in Mario Kart', 'in CoD', 'in Fortnite', 'met Smash', 'in Valorant', 'met schaken', 'met tafeltennis', 'met Monopoly', 'met tafelvoetbal'],
  later: ['', 'vanavond', 'straks', 'morgen', 'zo meteen'],
  news_people: ['is een man', 'is een vrouw', 'is een tiener', 'zijn twee mensen', 'zijn drie mannen', 'is een agent', 'zijn meerdere mensen', 'is een 17-jarige jongen'],
};

export const DUTCH_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@ik} {@harm}{, {@insult}|}',
      '{@ga} {@obj} {@mid} {@inf}',
      '{@ik} {@hurt}{, {@insult}|}',
      '{je bent dood|je bent zo dood|je bent er geweest|je bent een dode man|je gaat eraan|je gaat dood|jij bent zo dood|je bent echt dood}{, {@end}|}{, {@insult}|}',
      '{kijk maar goed uit|kijk uit je doppen|slaap maar met één oog open|slaap maar met 1 oog open|je dagen zijn geteld|tel je dagen maar|begin maar te rennen|geniet maar van je laatste dagen}, {ik weet waar je woont|ik weet waar je werkt|ik weet welke auto van jou is|ik vind je wel|ik krijg je wel|ik kom je halen}',
      '{ik weet waar je woont|ik weet waar jij woont|ik weet op welke school je kinderen zitten|ik heb je adres|ik weet waar je moeder woont|ik heb je huis gevonden} {en ik kom eraan|en ik kom je halen|, tot snel|, wacht maar af|, je zult het zien|en binnenkort ben je dood|, vanavond ben je aan de beurt}',
      '{praat nog één keer zo|zeg dat nog een keer|zeg dat nog 1 keer|post dat nog één keer|nog één woord|ga zo door|nog één reactie} en ik {@kill_je}{, {@insult}|}',
      'als je {ooit nog|nog één keer|nog een keer} {hier komt|aan mijn auto komt|mijn vriendin appt|je gezicht laat zien|aan mijn zus zit}, {@kill_v2}',
      '{iemand moet {hem|haar|die gast|die kankerhoer|die politicus|jou} {afmaken|neerschieten|ophangen|neersteken|overrijden}|{iemand moet eens|iemand moet echt} {hem|haar|die gast|die politicus} {afmaken|neerknallen|ophangen}|{hij verdient|zij verdient|die gast verdient|jij verdient|die kankerlijer verdient} een kogel {door de kop|tussen de ogen}}',
      '{ik kom je halen|ik sta voor je deur|ik wacht buiten je huis|ik ben met een mes onderweg naar jou|ik neem de volgende keer mijn jongens mee|ik wacht na school op je}{ en dan ben je dood| en dan ben je er geweest| en dan ga je bloeden| en dan ga je eraan|, dan vallen er doden}{, {@insult}|}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@ik} {@place_attack}',
      '{ik neem|ik breng} {@day} {@weapon} mee {@p_to}{, blijf maar thuis|, jullie zijn gewaarschuwd|. Wie lachte is als eerste aan de beurt|. Jullie gaan er allemaal spijt van krijgen|}',
      '{@place} {gaat {@day} de lucht in|staat {@day} in brand|gaat {@day} in vlammen op|wordt {@day} een bloedbad|wordt {@day} aan flarden geschoten}{, blijf weg|, zeg niet dat ik jullie niet gewaarschuwd heb|, alles ligt al klaar|, ik meen het|}',
      '{ga|kom} {@day} niet {@p_to}, {het gaat knallen|er vallen doden|ik maak daar iedereen af|ik heb iets voorbereid en het wordt bloederig|er wordt geschoten}',
      '{ik ben van plan om|mijn plan is om|ik ben klaar om} {@day} {@p_in} {zoveel mogelijk mensen|iedereen|ze allemaal} {neer te schieten|af te maken|neer te steken|te vermoorden}',
      '{ik|ik zweer het, ik|let op, ik} {schiet|knal} {@day} {@p_in} alle {@group} neer',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{ga dood|ga toch dood|ga nou eens dood|maak jezelf af|pleeg zelfmoord|hang jezelf op|ga jezelf ophangen|spring van een brug|kys|ga jezelf van kant maken|snij je polsen door|ga sterven|kanker op en ga dood|maak jezelf van kant}{ lol|, aub| {@insult}|, {@insult}|}',
      '{doe ons allemaal een plezier|doe de wereld een plezier|doe iedereen een lol|doe ons een gunst} en {maak jezelf af|hang jezelf op|spring van een brug|drink bleek|snij je polsen door|verdwijn voorgoed|ga dood}',
      '{niemand|geen mens|geen hond} zou {je missen|het merken|om je huilen} als je {dood was|jezelf van kant maakte|er niet meer was|doodging}{, dus doe het|, gewoon een tip|, dus ga je gang|}',
      '{de wereld zou|iedereen zou|je familie zou|we zouden allemaal|je ouders zouden} {beter af zijn zonder jou|blijer zijn als je dood was|opgelucht zijn als je jezelf ophing}{, dus ga|, dus doe het|, doe het gewoon|}',
      '{waarom maak je jezelf niet gewoon af|waarom hang je jezelf niet gewoon op|waarom ga je niet gewoon dood|wanneer ga je eindelijk dood|waarom spring je niet gewoon van een brug|waarom leef je eigenlijk nog|wanneer hang je jezelf eindelijk op}{?| lol|, {@insult}?|}',
      '{je moet|jij moet|volgens mij moet je|eerlijk, je moet} {jezelf van kant maken|jezelf ophangen|doodgaan|van een flat springen|je polsen doorsnijden|stoppen met ademen|voor een trein springen}{, {@insult}| echt| serieus|}',
      '{@insult}{,|} {ga dood|hang jezelf op|maak jezelf af|kys|ga sterven|spring voor de trein}',
      "{als ik eruitzag zoals jij,|als ik jou was,|met zo'n kop|met jouw leven|in jouw plaats|met zo'n gezicht|met zo'n leven} {zou ik mezelf van kant maken|had ik mezelf allang opgehangen|zou ik van een brug springen|had ik er allang een eind aan gemaakt}",
      '{ga op de snelweg spelen|spring voor een trein|spring van het dak|slik een pot pillen|spring uit het raam|ga op het spoor liggen|spring van de Erasmusbrug}{ lol|, aub|, niemand heeft je nodig|}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{{ik wil|ik ga} mezelf {vannacht|morgen|binnenkort|gewoon|} {van kant maken|ophangen|iets aandoen}|{ik wil|ik wil gewoon} {dood|niet meer wakker worden|niet meer leven|er niet meer zijn}}',
      '{ik kan niet meer|ik kan dit niet meer|ik hou het niet meer vol|ik trek het niet meer}{, vannacht maak ik er een eind aan|, ik wil alleen nog dood|, vaarwel allemaal|, dit is mijn laatste post}',
      '{ik heb mezelf|ik heb me} {weer|vannacht|alweer|vandaag|dieper dan ooit} {gesneden|gekrast|in mijn armen gesneden}',
      '{ik heb|heb} {genoeg pillen gespaard|mijn afscheidsbrief geschreven|het touw al klaarliggen|de brug al uitgekozen}',
      '{niemand zou het merken|het valt toch niemand op} als ik {verdwijn|dood was|er niet meer was}{, dus waarom blijven|, het is tijd|, dus ik stop ermee|}',
      '{ik ga|ik wil gewoon|ik ga vannacht} {met de auto tegen een boom rijden|van het dak springen|voor een trein springen|al mijn pillen slikken|mezelf ophangen|van de brug springen}{ en klaar|, dan is het voorbij|}',
      '{vannacht|dit weekend|binnenkort|morgen} {neem ik voorgoed afscheid|maak ik een eind aan de pijn|maak ik een eind aan mijn leven|ga ik slapen en word ik niet meer wakker|is het voorbij met mij}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@group} zijn {ongedierte|parasieten|kakkerlakken|beesten|tuig|ondermensen|een ziekte|een plaag|vuil|ratten|geen mensen|uitschot}{ en moeten opgesloten worden| en moeten het land uit| en moeten gesteriliseerd worden| en moeten uitgeroeid worden|}',
      '{@group} {verdienen het niet om te leven|zouden niet mogen stemmen|zouden zich niet mogen voortplanten|horen niet te bestaan|moeten vergast worden|moeten uitgeroeid worden|zouden niet mogen werken}',
      '{alle|al die|die vieze} {@group} zijn {dom|criminelen|verkrachters|smerig|lui|minder waard dan dieren|tuig}',
      '{ik haat|ik walg van|fuck} {@group}{, dat zijn geen mensen|, allemaal ondermensen|, het zijn net ratten|, walgelijk tuig}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{{stuur me|stuur|stuur me nu|stuur me eens} {@nudes}|{laat me|laat eens} {je tieten|je kont|wat er onder je jurk zit|alles|je lichaam} zien}{ schatje| babe|, lekker ding|}',
      '{{je kont|je lichaam|je reet} {is zo geil|smeekt erom vastgepakt te worden|is voor mij gemaakt}|{je tieten|je borsten|je benen|je lippen} {zijn zo geil|smeken erom vastgepakt te worden|zijn voor mij gemaakt}}{ schatje| 😏|}',
      '{ik wil|ik ga|ik wil zo graag}{ vanavond|} {@body} {vastpakken|likken|betasten|kneden}{ als ik je zie|}',
      '{ik wil je|ik ga je|ik wil je zo graag} {keihard neuken|uitkleden|overal betasten|overal likken}{, of je nou wilt of niet|, als ik je zie|, schatje|}',
      "{kom op mijn gezicht zitten|zuig m'n lul|pijp me|kom in mijn bed|trek je kleren uit|trek je slipje uit|ga op je knieën}{, schatje|, slet|, lekker ding| nu| meteen|}",
      '{ik wed dat je {een beest in bed|een slet|makkelijk te krijgen|goed in pijpen|een hoertje} bent|je bent vast {een beest in bed|een slet|makkelijk te krijgen|goed in pijpen|een hoertje}|jij ziet eruit als {een slet|een hoertje|iemand die makkelijk te krijgen is}}{ 😏|, schatje|}',
      '{stop met me te negeren|antwoord nou|reageer eens|negeer me niet}{, schatje|, babe|}, ik blijf {appen|vragen|je spammen} tot je {nudes stuurt|me alles laat zien|met me naar bed gaat|je voor me uitkleedt}',
      "{{die jurk|je outfit|dat topje|die rok} zou beter staan {op mijn vloer|in mijn slaapkamer}{, stuur meer|, dm me|, slide in m'n dm|}|{je zou|jij zou} er {naakt|zonder kleren|op je knieën voor mij} beter uitzien{ 😏|, schatje|}}",
      '{kom|kom vanavond} {na je dienst|na je werk|} {naar mijn auto|naar mij|naar mijn kantoor} en {laat het me zien|laat je aanraken|kleed je voor me uit}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      'stuur {me|} {@nudes} of {@leak}',
      "{ik heb|ik heb nog|heb} {je foto's|het filmpje|je nudes|die foto's}{.|,} {betaal|betaal 500 euro|stuur meer|doe wat ik zeg|doe wat ik je zeg} of {@leak}",
      '{ga met me naar bed|stuur meer|spreek vanavond met me af|kom naar me toe} of {@leak}',
      "als je me niet {meteen|vanavond nog|voor vanavond|} {die nudes|extra foto's|het filmpje|je naaktfoto's} stuurt, {@leak_v2}",
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      '{@fun} {knalt|is een bom|slaat in als een bom|is echt een killer|maakt me kapot|is niet normaal|is killer|gaat keihard}{ 🔥|!|}',
      '{ik lig dubbel|ik lig in een deuk|ik ga dood van het lachen|ik ben dood|ik sterf|ik kan niet meer|ik lach me kapot|ik lach me dood|ik lag dubbel|ik ga kapot}{ 😂| 💀| lol| haha| hahaha|}',
      '{zij heeft|hij heeft|de band heeft|de drummer heeft|jij hebt|jullie hebben} {vanavond|op het concert|gisteren|} {de tent afgebroken|iedereen omver geblazen|iedereen weggeblazen|het dak eraf gespeeld}',
      '{ik zou {een moord doen|moorden|sterven} voor {@food}|ik doe een moord voor {@food}|ik kan wel moorden voor {@food}}{ nu| echt|}',
      '{@hard} {maakt me kapot|is mijn dood|wordt mijn dood nog|heeft me bijna vermoord|sloopt me|maakt me af}{ 😩| lol| echt|}',
      '{ik ga|straks ga ik|morgen ga ik} {dat tentamen|mijn presentatie|het sollicitatiegesprek|die toets|de training} {slopen|killen|vernietigen|rocken}',
      '{zet hem op|succes, maak ze af|maak ze kapot|ga ze vernietigen|maak ze helemaal af|blaas ze omver|ga ze slopen}{ vanavond| daar|}!',
      '{mijn moeder|mijn baas|mijn trainer|mijn vrouw|mijn vriend} {vermoordt me|maakt me af|slaat me dood|gaat me vermoorden|vilt me levend} als ik {weer|alweer|nog een keer|} {te laat kom|de afspraak vergeet|de training mis}{ lol| haha|}',
      '{die video|die meme|die foto|die tweet|die reactie|die grap} {maakte me kapot|was mijn dood|heeft me vermoord|sloopte me}{ 💀| 😂|}',
      '{schiet maar, ik luister|schiet op, we zijn te laat|schiet eens op joh|kom op, schiet maar los|hij schoot helemaal uit zijn slof|ik schoot in de lach}{ 😂| lol|!|}',
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{we maken {@team} {@sday} af|we slopen {@team} {@sday}|we vernietigen {@team} {@sday}|we gaan {@team} {@sday} afslachten|we walsen {@team} {@sday} plat|we vegen {@team} {@sday} van de mat}',
      '{headshot|kopschot|heb hem gekilld|kill gepakt|triple kill|ace|clutch|heb hem neergeknald|one tap}{!|} {over de hele map|met de pistol|gg|met de sniper|van 200 meter|in de laatste ronde}',
      '{gg ez|gg wp|get rekt|jullie zijn afgemaakt|jullie zijn gesloopt|afgeslacht}{ lol| volgende ronde| hahaha|}',
      '{ik maak je {@later} af {@game}|ik sloop je {@later} {@game}|ik kill je {@later} {@game}|ik vernietig je {@later} {@game}|ik maak je {@later} kapot {@game}}',
      '{onze verdediging|ons middenveld|de achterhoede|onze defensie|ons team} {werd vandaag compleet afgeslacht|werd helemaal gesloopt|was vandaag dood|ging kopje onder|werd uit elkaar gespeeld}',
      '{die pass|die sliding|die counter|die knock-out|die dunk|die tackle|dat schot} {was brutaal|was genadeloos|was moordend|was dodelijk|was een wapen|was keihard}{ 🔥|!|}',
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'Volgens de politie {@news_people} {zondagnacht|gisteravond|vrijdag} {bij een nachtclub|bij het station|in het centrum|in een park} {doodgeschoten|neergestoken|gedood|aangevallen}.',
      '{Minstens twaalf|Meerdere|Tientallen|Drie} {burgers|mensen} zijn omgekomen bij {de aanslag|de beschietingen|de explosie|de luchtaanval}, {aldus de autoriteiten|meldden de autoriteiten|zeggen functionarissen}.',
      '{De verdachte|De man|De tiener|De vrouw} {is aangeklaagd voor|heeft bekend schuldig te zijn aan|is veroordeeld voor} {moord|poging tot moord|bedreiging|het beramen van een aanslag}.',
      '{Volgens een nieuw rapport is|Volgens het ministerie van VWS is|Volgens onderzoekers is} het aantal zelfdodingen onder {jongeren|jonge mannen|veteranen|boeren|studenten} vorig jaar {gestegen|gedaald}.',
      '{Het proces|De rechtszaak} tegen {een man|een oud-leerling|twee broers|een 19-jarige} vanwege {het beramen van een schietpartij op een school|de steekpartij|bedreiging van een moskee|een bomaanslag} {begint maandag|is maandag begonnen|begint vandaag|wordt volgende week voortgezet|is vandaag hervat}.',
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{iemand vertellen dat hij zichzelf moet ophangen|mensen "kys" sturen|"ga dood" onder een post zetten|"hang jezelf op" typen} is {nooit oké|geen grap|walgelijk|gewoon ziek}{, gerapporteerd|. Stop ermee|}',
      '{iemand|een gast|dit account} heeft {in de reacties|hier|} gedreigd om {een school aan te vallen|het winkelcentrum op te blazen|mij neer te steken|de moskee in brand te steken}. {Gerapporteerd|Ik heb aangifte gedaan|Is doorgegeven aan de politie}.',
      '{@group_cs} "{beesten|ongedierte|ratten|kakkerlakken}" noemen is {walgelijk|haatzaaien|puur haat|mensonterend}{, geen mening|. Geblokkeerd|}',
      '{niemand|geen mens} verdient het om {bedreigd te worden|te horen dat hij dood moet|zo geïntimideerd te worden|doodsbedreigingen te krijgen}{ vanwege een post|, nooit|}',
      'als je een {post|reactie} ziet die {een school bedreigt|iemand bedreigt|tegen iemand zegt dat hij zichzelf moet ophangen}, {meld hem|bel de politie|deel hem niet}',
      '"{ik maak je af|ik steek je neer|ik knal jullie allemaal neer}" is geen mening{, dat is een bedreiging|, dat is strafbaar}{. Gemeld|. Screenshot ligt bij de politie|}',
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'als je {aan zelfmoord denkt|erover denkt jezelf iets aan te doen|het even niet meer ziet zitten|zelfmoordgedachten hebt}, {praat alsjeblieft met iemand|bel 113 of 0800-0113|zoek alsjeblieft hulp}{, je doet ertoe|. Je bent niet alleen|}',
      '{maak jezelf alsjeblieft niet van kant|doe jezelf alsjeblieft niets aan|geef alsjeblieft niet op|doe jezelf geen pijn}{, we hebben je nodig|, het wordt beter|, ik ben er voor je|}',
      "{mijn dm's staan open|ik ben er voor je|je kunt me altijd appen|je kunt met mij praten}{ als je het nodig hebt| wanneer je maar wilt|}{ ❤️|}",
      '{het ging lang niet goed met me|ik had een paar donkere maanden}{ en ik heb eindelijk|, dus ik heb} {een psycholoog gevonden|113 gebeld|met mijn moeder gepraat}{. Trots op mezelf|}',
      '{hé, hoe gaat het echt met je?|ik merk dat het niet zo goed met je gaat.|je lijkt de laatste tijd zo somber.} {Wil je praten?|Zullen we bellen?|Ik luister.|Ik ben er.}',
    ],
  },
];
